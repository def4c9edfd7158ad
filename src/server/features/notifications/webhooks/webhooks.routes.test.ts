import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type BadBodyCase,
  NON_OBJECT_BODIES,
  UNREADABLE_BODIES,
  type WebhookJson,
  chatAlertBody,
  createAlert,
  createWebhook,
  describeRefusalsChangeNothing,
  expectError,
  expectNoSecret,
  expectSameErrorApartFromRequestId,
  hookUrl,
  listAlerts,
  listWebhooks,
  sendJson,
  sendRaw,
  webhookAlertBody,
  webhookBody,
} from '../../../test/api-helpers.ts';
import { type TestAccount, type TestContext, describeApi } from '../../../test/harness.ts';
import { createApiToken } from '../../tokens/tokens.service.ts';
import { createWebsite } from '../../websites/websites.service.ts';

const WEBHOOK_FIELDS = [
  'webhook_id',
  'url',
  'website',
  'website_id',
  'version',
  'enabled',
  'created_date',
  'created_by',
  // Additions for delivery (decisions.md §8).
  'failing_since',
  'disabled_reason',
  'health',
  // Until when the secret replaced by the last rotation still signs.
  'previous_secret_expires_at',
];
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Targets the address guard must refuse whatever the scheme policy: loopback, private, link-local and the like. */
const INTERNAL_HOSTS = [
  '127.0.0.1',
  '10.0.0.5',
  '172.16.3.4',
  '192.168.1.10',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '[fd00::1]',
  '[fe80::1]',
  '2130706433',
  '0x7f.1',
  'localhost',
  'api.localhost',
  'metadata.internal',
];

/** URLs refused under the default policy (https only), each a 400 on `url`. */
const BAD_URLS: { label: string; url: string }[] = [
  { label: 'plain http', url: 'http://hooks.example.com/hook' },
  { label: 'ftp', url: 'ftp://hooks.example.com/hook' },
  { label: 'a relative URL', url: '/hook' },
  { label: 'not a URL', url: 'hooks example com' },
  { label: 'an empty URL', url: '' },
  { label: 'a URL over 2048 characters', url: `https://hooks.example.com/${'a'.repeat(2048)}` },
  { label: 'credentials in the URL', url: 'https://user:pass@hooks.example.com/hook' },
  ...INTERNAL_HOSTS.map((host) => ({ label: `internal host ${host}`, url: `https://${host}/x` })),
];

/** A URL of exactly `length` characters that the URL parser leaves as it is. */
const urlOfLength = (length: number) => {
  const prefix = 'https://hooks.example.com/';
  return prefix + 'a'.repeat(length - prefix.length);
};

/** A body the API must refuse, built for the calling account's website. */
type BodyRuleCase = Omit<BadBodyCase, 'body'> & { body: (websiteId: string) => unknown };

/** Body rules shared by create and update (both take url, website_id and version). */
const bodyRuleCases: BodyRuleCase[] = [
  ...BAD_URLS.map(({ label, url }): BodyRuleCase => ({
    name: label,
    body: (websiteId) => webhookBody(websiteId, { url }),
    param: 'url',
  })),
  { name: 'version v2.0', body: (websiteId) => webhookBody(websiteId, { version: 'v2.0' }), param: 'version' },
  { name: 'version v1', body: (websiteId) => webhookBody(websiteId, { version: 'v1' }), param: 'version' },
  { name: 'version 1.0', body: (websiteId) => webhookBody(websiteId, { version: '1.0' }), param: 'version' },
  { name: 'an empty version', body: (websiteId) => webhookBody(websiteId, { version: '' }), param: 'version' },
  { name: 'an unknown website', body: () => webhookBody('web_doesNotExist0000000000'), param: 'website_id' },
  { name: 'an empty website_id', body: () => webhookBody(''), param: 'website_id' },
  { name: 'no url', body: (websiteId) => webhookBody(websiteId, { url: undefined }), param: 'url', code: 'required' },
  { name: 'no website_id', body: () => ({ url: hookUrl(), version: 'v1.0' }), param: 'website_id', code: 'required' },
  {
    name: 'no version',
    body: (websiteId) => webhookBody(websiteId, { version: undefined }),
    param: 'version',
    code: 'required',
  },
  { name: 'a numeric url', body: (websiteId) => webhookBody(websiteId, { url: 5 }), param: 'url' },
  { name: 'a numeric website_id', body: (websiteId) => webhookBody(websiteId, { website_id: 5 }), param: 'website_id' },
  { name: 'a numeric version', body: (websiteId) => webhookBody(websiteId, { version: 1.0 }), param: 'version' },
  {
    name: 'an unknown field',
    body: (websiteId) => webhookBody(websiteId, { colour: 'red' }),
    param: 'colour',
    code: 'unknown_parameter',
  },
  {
    name: 'a secret',
    body: (websiteId) => webhookBody(websiteId, { secret: 'whsec_mine' }),
    param: 'secret',
    code: 'unknown_parameter',
  },
  {
    name: 'created_by (returned only)',
    body: (websiteId) => webhookBody(websiteId, { created_by: 'me' }),
    param: 'created_by',
    code: 'unknown_parameter',
  },
];

async function webhookUsedByAlerts(ctx: TestContext, account: TestAccount, ...names: string[]) {
  const webhook = await createWebhook(ctx, account);
  const alerts = [];
  for (const name of names)
    alerts.push(await createAlert(ctx, account, webhookAlertBody(webhook.webhook_id, { name })));
  return { webhook, alerts };
}

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

    it.each(bodyRuleCases)('$name: 400 on $param', async ({ body, param, code }) => {
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

    it.each(UNREADABLE_BODIES)('$name: $status', async ({ payload, contentType, status, code }) => {
      const response = await sendRaw(ctx(), account.token, 'POST', '/v1/webhooks', payload, contentType);
      expectError(response, status, { type: 'validation_error', code });
    });

    it.each(NON_OBJECT_BODIES)('$name as the body: 400', async ({ payload }) => {
      const response = await sendRaw(ctx(), account.token, 'POST', '/v1/webhooks', payload, 'application/json');
      expectError(response, 400, { type: 'validation_error' });
    });

    it('and none of the refused requests created a webhook', async () => {
      expect(await listWebhooks(ctx(), account)).toHaveLength(countBefore);
      expect(await listWebhooks(ctx(), other)).toEqual([]);
    });
  });
});

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

    it.each(bodyRuleCases)('$name: 400 on $param', async ({ body, param, code }) => {
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

    it.each(UNREADABLE_BODIES)('$name: $status', async ({ payload, contentType, status, code }) => {
      const response = await sendRaw(
        ctx(),
        account.token,
        'PUT',
        `/v1/webhooks/${target.webhook_id}?version=v1.0`,
        payload,
        contentType,
      );
      expectError(response, status, { type: 'validation_error', code });
    });

    it.each(NON_OBJECT_BODIES)('$name as the body: 400', async ({ payload }) => {
      const response = await sendRaw(
        ctx(),
        account.token,
        'PUT',
        `/v1/webhooks/${target.webhook_id}?version=v1.0`,
        payload,
        'application/json',
      );
      expectError(response, 400, { type: 'validation_error' });
    });

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

describeApi('DELETE /v1/webhooks/:id', (ctx) => {
  let account: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
    other = await ctx().newAccount();
  });
  const remove = (webhookId: string) => sendJson(ctx(), account.token, 'DELETE', `/v1/webhooks/${webhookId}`);
  const listedIds = async () => (await listWebhooks(ctx(), account)).map((webhook) => webhook.webhook_id);

  it('answers {webhook_id, deleted: true} and the webhook is gone', async () => {
    const kept = await createWebhook(ctx(), account, { url: hookUrl('kept') });
    const doomed = await createWebhook(ctx(), account, { url: hookUrl('doomed') });
    const response = await remove(doomed.webhook_id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ webhook_id: doomed.webhook_id, deleted: true });
    expect(await listedIds()).toContain(kept.webhook_id);
    expect(await listedIds()).not.toContain(doomed.webhook_id);
    expectError(await remove(doomed.webhook_id), 404, { type: 'not_found_error' });
  });

  describe('while an alert uses it', () => {
    it('409 conflict_error webhook_in_use naming the alert; the webhook stays', async () => {
      const { webhook } = await webhookUsedByAlerts(ctx(), account, 'Pricing rage');
      const response = await remove(webhook.webhook_id);
      expectError(response, 409, {
        type: 'conflict_error',
        code: 'webhook_in_use',
        param: null,
        message: 'Pricing rage',
      });
      expect(await listedIds()).toContain(webhook.webhook_id);
    });

    it('names every alert that uses it', async () => {
      const { webhook } = await webhookUsedByAlerts(ctx(), account, 'First user', 'Second user');
      const error = expectError(await remove(webhook.webhook_id), 409, {
        type: 'conflict_error',
        code: 'webhook_in_use',
      });
      expect(error.message).toContain('First user');
      expect(error.message).toContain('Second user');
    });

    it('a disabled alert still holds it', async () => {
      const { webhook, alerts } = await webhookUsedByAlerts(ctx(), account, 'Sleeping');
      const alertId = alerts[0]?.alert_id ?? '';
      expect(
        (await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alertId}`, { enabled: false })).statusCode,
      ).toBe(200);
      expectError(await remove(webhook.webhook_id), 409, {
        type: 'conflict_error',
        code: 'webhook_in_use',
        message: 'Sleeping',
      });
    });

    it('succeeds once the alert is switched to chat, and the alert is kept', async () => {
      const { webhook, alerts } = await webhookUsedByAlerts(ctx(), account, 'Switching');
      const alertId = alerts[0]?.alert_id ?? '';
      expect(await remove(webhook.webhook_id)).toMatchObject({ statusCode: 409 });
      const switched = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alertId}`, {
        provider: 'chat',
        chat_channel_id: 'C0OPS',
      });
      expect(switched.statusCode, switched.body).toBe(200);
      const response = await remove(webhook.webhook_id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ webhook_id: webhook.webhook_id, deleted: true });
      expect(await listedIds()).not.toContain(webhook.webhook_id);
      expect((await listAlerts(ctx(), account)).find((alert) => alert.alert_id === alertId)).toMatchObject({
        provider: 'chat',
        chat_channel_id: 'C0OPS',
        webhook_id: null,
      });
    });

    it('succeeds once the alert is deleted', async () => {
      const { webhook, alerts } = await webhookUsedByAlerts(ctx(), account, 'Doomed alert');
      expect((await remove(webhook.webhook_id)).statusCode).toBe(409);
      expect(
        (await sendJson(ctx(), account.token, 'DELETE', `/v1/alerts/${alerts[0]?.alert_id ?? ''}`)).statusCode,
      ).toBe(200);
      const response = await remove(webhook.webhook_id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ webhook_id: webhook.webhook_id, deleted: true });
    });

    it('an alert of the same account on chat does not hold it', async () => {
      const webhook = await createWebhook(ctx(), account);
      await createAlert(ctx(), account, chatAlertBody({ name: 'Unrelated' }));
      expect((await remove(webhook.webhook_id)).statusCode).toBe(200);
    });
  });

  it("an unknown id and another account's id: the same 404, and theirs survives", async () => {
    const theirs = await createWebhook(ctx(), other);
    const unknown = await remove('whk_doesNotExist0000000000');
    const foreign = await remove(theirs.webhook_id);
    expectError(unknown, 404, { type: 'not_found_error', param: null });
    expectError(foreign, 404, { type: 'not_found_error', param: null });
    expectSameErrorApartFromRequestId(unknown, foreign);
    expect(await listWebhooks(ctx(), other)).toEqual([theirs]);
  });

  it("another account's webhook in use: still the plain 404, not a 409 that would reveal it", async () => {
    const { webhook } = await webhookUsedByAlerts(ctx(), other, 'Their alert');
    const foreign = await remove(webhook.webhook_id);
    const unknown = await remove('whk_doesNotExist0000000000');
    expectError(foreign, 404, { type: 'not_found_error' });
    expectSameErrorApartFromRequestId(unknown, foreign);
  });
});

describeApi('GET /v1/webhooks', (ctx) => {
  it('an account without webhooks gets an empty array', async () => {
    const account = await ctx().newAccount();
    const response = await sendJson(ctx(), account.token, 'GET', '/v1/webhooks');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists oldest first, in creation order even when created within the same second', async () => {
    const account = await ctx().newAccount();
    const created: string[] = [];
    // created_date has one-second resolution; freezing the clock makes a shared second certain.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      for (let i = 0; i < 12; i += 1)
        created.push((await createWebhook(ctx(), account, { url: hookUrl(`n${i}`) })).webhook_id);
    } finally {
      clock.mockRestore();
    }
    expect((await listWebhooks(ctx(), account)).map((webhook) => webhook.webhook_id)).toEqual(created);
  });

  it('lists oldest first across distinct creation times', async () => {
    const account = await ctx().newAccount();
    const start = Date.now();
    const created: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const clock = vi.spyOn(Date, 'now').mockReturnValue(start + i * 1000);
      try {
        created.push((await createWebhook(ctx(), account, { url: hookUrl(`t${i}`) })).webhook_id);
      } finally {
        clock.mockRestore();
      }
    }
    const listed = await listWebhooks(ctx(), account);
    expect(listed.map((webhook) => webhook.webhook_id)).toEqual(created);
    expect(listed.map((webhook) => webhook.created_date)).toEqual(
      [0, 1, 2].map((i) => Math.floor((start + i * 1000) / 1000)),
    );
  });

  it("shows only the calling account's webhooks", async () => {
    const mine = await ctx().newAccount();
    const theirs = await ctx().newAccount();
    const myWebhook = await createWebhook(ctx(), mine, { url: hookUrl('mine') });
    await createWebhook(ctx(), theirs, { url: hookUrl('theirs') });
    expect(await listWebhooks(ctx(), mine)).toEqual([myWebhook]);
    expect((await listWebhooks(ctx(), theirs)).map((webhook) => webhook.url)).toEqual([hookUrl('theirs')]);
  });

  it('never shows a signing secret', async () => {
    const account = await ctx().newAccount();
    await createWebhook(ctx(), account);
    await createWebhook(ctx(), account, { url: hookUrl('second') });
    const response = await sendJson(ctx(), account.token, 'GET', '/v1/webhooks');
    expect(response.json<WebhookJson[]>()).toHaveLength(2);
    for (const webhook of response.json<WebhookJson[]>())
      expect(Object.keys(webhook).sort()).toEqual([...WEBHOOK_FIELDS].sort());
    expectNoSecret(response);
  });
});

describeApi('webhooks routes: unknown query parameters', (ctx) => {
  let account: TestAccount;
  let webhook: WebhookJson;
  beforeAll(async () => {
    account = await ctx().newAccount();
    webhook = await createWebhook(ctx(), account);
  });

  it.each([
    { method: 'GET' as const, path: (): string => '/v1/webhooks?colour=red' },
    {
      method: 'POST' as const,
      path: (): string => '/v1/webhooks?colour=red',
      body: () => webhookBody(account.websiteId, { url: hookUrl('q') }),
    },
    { method: 'DELETE' as const, path: (): string => `/v1/webhooks/${webhook.webhook_id}?colour=red` },
  ])('$method: 400 unknown_parameter naming it', async ({ method, path, body }) => {
    const response = await sendJson(ctx(), account.token, method, path(), body?.());
    expectError(response, 400, { type: 'validation_error', code: 'unknown_parameter', param: 'colour' });
  });

  it('and the refused requests changed nothing', async () => {
    expect(await listWebhooks(ctx(), account)).toEqual([webhook]);
  });
});

describeApi('webhooks routes: authentication and scopes', (ctx) => {
  interface Fixture {
    account: TestAccount;
    webhook: WebhookJson;
  }
  describeRefusalsChangeNothing<Fixture>(ctx, async () => {
    const account = await ctx().newAccount();
    return { account, webhook: await createWebhook(ctx(), account, { url: hookUrl('guarded') }) };
  }, [
    { method: 'GET', pattern: '/v1/webhooks', path: () => '/v1/webhooks', scope: 'webhooks:read' },
    {
      method: 'POST',
      pattern: '/v1/webhooks',
      path: () => '/v1/webhooks',
      scope: 'webhooks:write',
      body: ({ account }) => webhookBody(account.websiteId, { url: hookUrl('created') }),
      unchanged: async ({ account }) =>
        expect((await listWebhooks(ctx(), account)).map((webhook) => webhook.url)).toEqual([hookUrl('guarded')]),
    },
    {
      method: 'PUT',
      pattern: '/v1/webhooks/:id',
      path: ({ webhook }) => `/v1/webhooks/${webhook.webhook_id}?version=v1.0`,
      scope: 'webhooks:write',
      body: ({ account }) => webhookBody(account.websiteId, { url: hookUrl('guarded'), enabled: false }),
      unchanged: async ({ account, webhook }) => expect(await listWebhooks(ctx(), account)).toContainEqual(webhook),
    },
    {
      method: 'DELETE',
      pattern: '/v1/webhooks/:id',
      path: ({ webhook }) => `/v1/webhooks/${webhook.webhook_id}`,
      scope: 'webhooks:write',
      unchanged: async ({ account, webhook }) =>
        expect((await listWebhooks(ctx(), account)).map((item) => item.webhook_id)).toContain(webhook.webhook_id),
    },
  ]);
});

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
