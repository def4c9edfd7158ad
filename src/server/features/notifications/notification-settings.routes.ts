import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CHAT_SETTINGS, NotificationSettings } from '../../../api/schemas/notification-settings.ts';
import { operation } from '../../http/route-schema.ts';

/** What the server can notify through, so the dashboard can say what is missing before anything fails. */
export const notificationSettingsRoutes: FastifyPluginAsyncTypebox<{ chatConfigured: boolean }> = async (
  app,
  { chatConfigured },
) => {
  app.get('/v1/notifications/settings', {
    config: { scope: 'alerts:read' },
    schema: operation({
      tag: 'Alerts',
      operationId: 'getNotificationSettings',
      summary: 'What the server can notify through',
      description: 'Whether chat is configured, and which server settings it needs.',
      scope: 'alerts:read',
      success: { 200: NotificationSettings },
    }),
    handler: () => ({ chat: { configured: chatConfigured, required_settings: [...CHAT_SETTINGS] } }),
  });
};
