import { beforeAll, describe, expect, it } from 'vitest';
import {
  type WebhookJson,
  createWebhook,
  hookUrl,
  listWebhooks,
  webhookBody,
} from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError, expectNoSecret, expectSameErrorApartFromRequestId } from '../../../test/api-responses.ts';
import { itRefusesUnreadableBodies } from '../../../test/refused-bodies.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import { createWebsite } from '../../websites/websites.service.ts';
import { webhookBodyRuleCases } from '../test-support/webhook-bodies.ts';

describeApi('PUT /v1/webhooks/:id', (ctx) => {
  let account: TestAccount;
  let other: TestAccount;
  let blogId: string;
  beforeAll(async () => {
    account = await ctx().newAccount();
    other = await ctx().newAccount();
    blogId = (
      await createWebsite(ctx().database.db, { accountId: account.accountId, host: 'blog.example.com', name: 'Blog' })
    ).id;
  });

  const put = (webhookId: string, body: unknown, query = '?version=v1.0') =>
    sendJson(ctx(), account.token, 'PUT', `/v1/webhooks/${webhookId}${query}`, body);
  const stored = async (webhookId: string) =>
    (await listWebhooks(ctx(), account)).find((webhook) => webhook.webhook_id === webhookId);

  describe('replaces', () => {
    it('url and website_id, keeping id, created_date, created_by and enabled', async () => {
      const original = await createWebhook(ctx(), account);
      const response = await put(original.webhook_id, { url: hookUrl('moved'), website_id: blogId, version: 'v1.0' });
      expect(response.statusCode, response.body).toBe(200);
      const expected = { ...original, url: hookUrl('moved'), website_id: blogId, website: 'Blog' };
      expect(response.json<WebhookJson>()).toEqual(expected);
      expect(await stored(original.webhook_id)).toEqual(expected);
      expectNoSecret(response);
    });

    it('enabled switches the webhook off and on, and an update without it keeps the current value', async () => {
      const original = await createWebhook(ctx(), account);
      const body = webhookBody(account.websiteId);
      const off = await put(original.webhook_id, { ...body, enabled: false });
      expect(off.json<WebhookJson>()).toEqual({ ...original, enabled: false, health: 'disabled' });
      expect((await stored(original.webhook_id))?.enabled).toBe(false);

      const kept = await put(original.webhook_id, { ...body, url: hookUrl('still-off') });
      expect(kept.json<WebhookJson>()).toMatchObject({ url: hookUrl('still-off'), enabled: false });

      const on = await put(original.webhook_id, { ...body, enabled: true });
      expect(on.json<WebhookJson>()).toEqual({ ...original, enabled: true });
      expect((await stored(original.webhook_id))?.enabled).toBe(true);
    });
  });

  describe('needs the version query parameter', () => {
    let target: WebhookJson;
    beforeAll(async () => {
      target = await createWebhook(ctx(), account);
    });

    it.each([
      { label: 'missing', query: '', param: 'version', code: 'required' },
      { label: 'empty', query: '?version=', param: 'version' },
      { label: 'v2.0', query: '?version=v2.0', param: 'version' },
      { label: 'v1', query: '?version=v1', param: 'version' },
      {
        label: 'with an unknown parameter beside it',
        query: '?version=v1.0&colour=red',
        param: 'colour',
        code: 'unknown_parameter',
      },
    ])('$label: 400 on $param', async ({ query, param, code }) => {
      const response = await put(
        target.webhook_id,
        webhookBody(account.websiteId, { url: hookUrl('not-applied') }),
        query,
      );
      expectError(response, 400, { type: 'validation_error', param, ...(code ? { code } : {}) });
    });

    it('and none of those requests changed the webhook', async () => {
      expect(await stored(target.webhook_id)).toEqual(target);
    });
  });

  describe('refuses', () => {
    let target: WebhookJson;
    beforeAll(async () => {
      target = await createWebhook(ctx(), account);
    });

    it.each(webhookBodyRuleCases)('$name: 400 on $param', async ({ body, param, code }) => {
      expectError(await put(target.webhook_id, body(account.websiteId)), 400, {
        type: 'validation_error',
        param,
        ...(code ? { code } : {}),
      });
    });

    it.each([
      { name: 'enabled as a string', body: { enabled: 'true' } },
      { name: 'enabled as a number', body: { enabled: 0 } },
      { name: 'enabled null', body: { enabled: null } },
    ])('$name: 400 on enabled', async ({ body }) => {
      expectError(await put(target.webhook_id, webhookBody(account.websiteId, body)), 400, {
        type: 'validation_error',
        param: 'enabled',
      });
    });

    it("another account's website: 400 on website_id", async () => {
      expectError(await put(target.webhook_id, webhookBody(other.websiteId)), 400, {
        type: 'validation_error',
        param: 'website_id',
      });
    });

    itRefusesUnreadableBodies(ctx, () => ({
      token: account.token,
      method: 'PUT',
      url: `/v1/webhooks/${target.webhook_id}?version=v1.0`,
    }));

    it('and none of the refused requests changed the webhook', async () => {
      expect(await stored(target.webhook_id)).toEqual(target);
    });

    it("an unknown id and another account's id: the same 404, and theirs is untouched", async () => {
      const theirs = await createWebhook(ctx(), other);
      const unknown = await put('whk_doesNotExist0000000000', webhookBody(account.websiteId));
      const foreign = await put(theirs.webhook_id, webhookBody(account.websiteId));
      expectError(unknown, 404, { type: 'not_found_error', param: null });
      expectError(foreign, 404, { type: 'not_found_error', param: null });
      expectSameErrorApartFromRequestId(unknown, foreign);
      expect(await listWebhooks(ctx(), other)).toEqual([theirs]);
    });
  });
});
