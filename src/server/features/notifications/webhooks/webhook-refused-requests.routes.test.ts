import { beforeAll, expect, it } from 'vitest';
import {
  type WebhookJson,
  createWebhook,
  hookUrl,
  listWebhooks,
  webhookBody,
} from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError } from '../../../test/api-responses.ts';
import { describeRefusalsChangeNothing } from '../../../test/refusals-change-nothing.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';

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
