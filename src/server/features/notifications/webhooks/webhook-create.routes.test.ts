import { beforeAll, describe, expect, it } from 'vitest';
import {
  type WebhookJson,
  createWebhook,
  hookUrl,
  listWebhooks,
  webhookBody,
} from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError } from '../../../test/api-responses.ts';
import { itRefusesUnreadableBodies } from '../../../test/refused-bodies.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import { createApiToken } from '../../tokens/tokens.service.ts';
import { createWebsite } from '../../websites/websites.service.ts';
import { WEBHOOK_FIELDS, webhookBodyRuleCases } from '../test-support/webhook-bodies.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A URL of exactly `length` characters that the URL parser leaves as it is. */
const urlOfLength = (length: number) => {
  const prefix = 'https://hooks.example.com/';
  return prefix + 'a'.repeat(length - prefix.length);
};

describeApi('POST /v1/webhooks', (ctx) => {
  let account: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
    other = await ctx().newAccount();
  });

  describe('creates', () => {
    it('201 with the full Webhook: website name, v1.0, enabled, created now by the token', async () => {
      const { token } = await createApiToken(ctx().database.db, {
        accountId: account.accountId,
        name: 'CI deploy bot',
        scopes: ['webhooks:write'],
      });
      const before = nowSeconds();
      const response = await sendJson(
        ctx(),
        token,
        'POST',
        '/v1/webhooks',
        webhookBody(account.websiteId, { url: hookUrl('orders') }),
      );
      const after = nowSeconds();
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['x-request-id']).toMatch(/^req_[0-9A-Za-z]+$/);
      const { secret, ...webhook } = response.json<WebhookJson & { secret: string }>();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
      expect(Object.keys(webhook).sort()).toEqual([...WEBHOOK_FIELDS].sort());
      expect(webhook).toEqual({
        webhook_id: expect.stringMatching(/^\S{8,64}$/),
        url: 'https://hooks.example.com/orders',
        website: 'Shop',
        website_id: account.websiteId,
        version: 'v1.0',
        enabled: true,
        created_date: expect.any(Number),
        created_by: 'CI deploy bot',
        failing_since: null,
        disabled_reason: null,
        health: 'no_deliveries',
        previous_secret_expires_at: null,
      });
      expect(Number.isInteger(webhook.created_date)).toBe(true);
      expect(webhook.created_date).toBeGreaterThanOrEqual(before - 1);
      expect(webhook.created_date).toBeLessThanOrEqual(after + 1);
    });

    it('returns what the list then shows', async () => {
      const webhook = await createWebhook(ctx(), account, { url: hookUrl('listed') });
      expect((await listWebhooks(ctx(), account)).find((listed) => listed.webhook_id === webhook.webhook_id)).toEqual(
        webhook,
      );
    });

    it('names the website the webhook belongs to', async () => {
      const blog = await createWebsite(ctx().database.db, {
        accountId: account.accountId,
        host: 'blog.example.com',
        name: 'Blog',
      });
      const webhook = await createWebhook(ctx(), account, { website_id: blog.id });
      expect(webhook).toMatchObject({ website: 'Blog', website_id: blog.id });
    });

    it('accepts a URL of exactly 2048 characters', async () => {
      const url = urlOfLength(2048);
      expect((await createWebhook(ctx(), account, { url })).url).toBe(url);
    });

    it('accepts a public IP address', async () => {
      expect((await createWebhook(ctx(), account, { url: 'https://93.184.215.14/hook' })).url).toBe(
        'https://93.184.215.14/hook',
      );
    });
  });

  describe('refuses', () => {
    let countBefore: number;
    let othersWebsiteId: string;
    beforeAll(async () => {
      countBefore = (await listWebhooks(ctx(), account)).length;
      othersWebsiteId = other.websiteId;
    });

    it.each(webhookBodyRuleCases)('$name: 400 on $param', async ({ body, param, code }) => {
      const response = await sendJson(ctx(), account.token, 'POST', '/v1/webhooks', body(account.websiteId));
      expectError(response, 400, { type: 'validation_error', param, ...(code ? { code } : {}) });
    });

    it("another account's website: 400 on website_id", async () => {
      const response = await sendJson(ctx(), account.token, 'POST', '/v1/webhooks', webhookBody(othersWebsiteId));
      expectError(response, 400, { type: 'validation_error', param: 'website_id' });
    });

    it('enabled on create (update only): 400 unknown_parameter', async () => {
      const response = await sendJson(
        ctx(),
        account.token,
        'POST',
        '/v1/webhooks',
        webhookBody(account.websiteId, { enabled: false }),
      );
      expectError(response, 400, { type: 'validation_error', code: 'unknown_parameter', param: 'enabled' });
    });

    itRefusesUnreadableBodies(ctx, () => ({ token: account.token, method: 'POST', url: '/v1/webhooks' }));

    it('and none of the refused requests created a webhook', async () => {
      expect(await listWebhooks(ctx(), account)).toHaveLength(countBefore);
      expect(await listWebhooks(ctx(), other)).toEqual([]);
    });
  });
});
