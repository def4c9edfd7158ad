import type { Webhook, Website } from '../../../../api/client/types.gen.ts';
import { meAs } from '../../../test/mock-api.ts';

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
};

export const websites: Website[] = [
  {
    website_id: 'web_1',
    host: 'shop.example.com',
    name: 'Shop',
    public_key: 'pk_shop_1',
    snippet: '<script async src="https://analytics.example.com/t.js" data-key="pk_shop_1"></script>',
  },
];

/** What the webhooks page asks for first, answered for an admin or a read-only analyst. */
export function baseRoutes(role: 'admin' | 'analyst', webhooks: Webhook[] = [webhook]) {
  return {
    'GET /v1/auth/me': { body: meAs(role) },
    'GET /v1/webhooks': { body: webhooks },
    'GET /v1/websites': { body: websites },
  };
}
