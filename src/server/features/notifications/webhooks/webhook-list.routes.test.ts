import { expect, it, vi } from 'vitest';
import { type WebhookJson, createWebhook, hookUrl, listWebhooks } from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectNoSecret } from '../../../test/api-responses.ts';
import { describeApi } from '../../../test/harness.ts';
import { WEBHOOK_FIELDS } from '../test-support/webhook-bodies.ts';

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
