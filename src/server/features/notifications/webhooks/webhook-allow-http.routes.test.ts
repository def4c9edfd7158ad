import { beforeAll, expect, it } from 'vitest';
import { type WebhookJson, createWebhook, hookUrl, webhookBody } from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError } from '../../../test/api-responses.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import { INTERNAL_HOSTS } from '../test-support/webhook-bodies.ts';

describeApi(
  'webhooks with ALLOW_HTTP_WEBHOOKS=true',
  (ctx) => {
    let account: TestAccount;
    beforeAll(async () => {
      account = await ctx().newAccount();
    });

    it('accepts plain http on create and on update', async () => {
      const webhook = await createWebhook(ctx(), account, { url: 'http://hooks.example.com/dev' });
      expect(webhook.url).toBe('http://hooks.example.com/dev');
      const response = await sendJson(
        ctx(),
        account.token,
        'PUT',
        `/v1/webhooks/${webhook.webhook_id}?version=v1.0`,
        webhookBody(account.websiteId, { url: 'http://hooks.example.com/dev2' }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<WebhookJson>().url).toBe('http://hooks.example.com/dev2');
    });

    it('still accepts https', async () => {
      expect((await createWebhook(ctx(), account, { url: hookUrl('secure') })).url).toBe(hookUrl('secure'));
    });

    it.each([...INTERNAL_HOSTS.map((host) => `http://${host}/x`), 'https://127.0.0.1/x', 'ftp://hooks.example.com/x'])(
      'still refuses %s: 400 on url',
      async (url) => {
        const response = await sendJson(
          ctx(),
          account.token,
          'POST',
          '/v1/webhooks',
          webhookBody(account.websiteId, { url }),
        );
        expectError(response, 400, { type: 'validation_error', param: 'url' });
      },
    );
  },
  { ALLOW_HTTP_WEBHOOKS: 'true' },
);
