import type { Alert, GetMeResponse, Webhook, Website } from '../../../../api/client/types.gen.ts';

export const ADMIN_PERMISSIONS = [
  'account:admin',
  'alerts:read',
  'alerts:write',
  'webhooks:read',
  'webhooks:write',
  'users.sessions:read',
  'websites:read',
  'websites:write',
];
export const ANALYST_PERMISSIONS = ['alerts:read', 'webhooks:read', 'users.sessions:read', 'websites:read'];
export const SUPPORT_PERMISSIONS = ['users.sessions:read', 'websites:read'];

export function meWith(permissions: string[]): GetMeResponse {
  return { account: { account_id: 'acc_1', name: 'Acme' }, user: null, token_name: 'test', permissions };
}

export const website: Website = {
  website_id: 'web_1',
  host: 'shop.example.com',
  name: 'Shop',
  public_key: 'pk_shop_1',
  snippet: '<script async src="https://analytics.example.com/t.js" data-key="pk_shop_1"></script>',
};

export const webhook: Webhook = {
  webhook_id: 'wh_1',
  url: 'https://hooks.example.com/x',
  website: 'Shop',
  website_id: 'web_1',
  version: 'v1.0',
  enabled: true,
  created_date: 1_740_000_000,
  created_by: 'admin@example.com',
  failing_since: null,
  disabled_reason: null,
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
