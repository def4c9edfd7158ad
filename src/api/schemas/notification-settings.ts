import { Type, type Static } from 'typebox';

/** The server settings chat alerts need; plain strings so the dashboard can name them. */
export const CHAT_SETTINGS = ['CHAT_BOT_TOKEN'] as const;

export const NotificationSettings = Type.Object(
  {
    chat: Type.Object({
      configured: Type.Boolean({
        description:
          'Whether the server can post to chat channels. Without it, chat alerts match but every message fails.',
      }),
      required_settings: Type.Array(Type.String(), {
        description: 'The server settings (environment variables) chat needs; what to set when it is not configured.',
      }),
    }),
  },
  { $id: 'NotificationSettings' },
);

export type NotificationSettingsResource = Static<typeof NotificationSettings>;
