import type { Alert, Webhook, Website } from '../../../../api/client/types.gen.ts';
import { meAs } from '../../../test/mock-api.ts';

export const website: Website = {
  website_id: 'web_1',
  host: 'shop.example.com',
  name: 'Shop',
  public_key: 'pk_shop_1',
  snippet: '<script async src="https://analytics.example.com/t.js" data-key="pk_shop_1"></script>',
};

export const websites: Website[] = [website];

export const webhook: Webhook = {
  webhook_id: 'wh_1',
  url: 'https://hooks.example.com/alerts',
  website: 'Shop',
  website_id: 'web_1',
  version: 'v1.0',
  enabled: true,
  created_date: 1_735_689_600,
  created_by: 'ana@acme.test',
  failing_since: null,
  disabled_reason: null,
  health: 'succeeding',
};

export const chatAlert: Alert = {
  alert_id: 'alr_1',
  name: 'Checkout trouble',
  events: [
    { kind: 21, value: '5' },
    { kind: 25, value: 'checkout' },
  ],
  provider: 'chat',
  chat_channel_id: 'support',
  webhook_id: null,
  enabled: true,
  creation_date: '2025-03-01T10:00:00.000Z',
  last_fired_at: '2025-03-04T08:30:00.000Z',
  flagged_reason: null,
  target_healthy: true,
};

export const webhookAlert: Alert = {
  alert_id: 'alr_2',
  name: 'Sign-ups',
  events: [{ kind: 26, value: 'signup' }],
  provider: 'webhooks',
  chat_channel_id: null,
  webhook_id: 'wh_1',
  enabled: false,
  creation_date: '2025-03-02T10:00:00.000Z',
  last_fired_at: null,
  flagged_reason: null,
  target_healthy: true,
};

/** What the webhooks page asks for first, answered for an admin or a read-only analyst. */
export function baseRoutes(role: 'admin' | 'analyst', webhooks: Webhook[] = [webhook]) {
  return {
    'GET /v1/auth/me': { body: meAs(role) },
    'GET /v1/webhooks': { body: webhooks },
    'GET /v1/websites': { body: websites },
  };
}
