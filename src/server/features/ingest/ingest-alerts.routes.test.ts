import { expect, it } from 'vitest';
import { createAlert, createWebhook } from '../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../test/api-requests.ts';
import { describeApi } from '../../test/harness.ts';
import { createWebsite } from '../websites/websites.service.ts';
import { batch, countRows, ingest } from './test-support/ingest-requests.ts';
import { newVisitIds, publicKeyOf } from '../../test/tracker-ids.ts';

describeApi('POST /v1/ingest: alerts', (ctx) => {
  it('enqueues one outbox message per enabled alert an event matches, by the per-kind rules', async () => {
    const owner = await ctx().newAccount();
    const ownerKey = await publicKeyOf(ctx(), owner.websiteId);
    const webhook = await createWebhook(ctx(), owner);
    const jsError = await createAlert(ctx(), owner, {
      name: 'Payment errors',
      events: [{ kind: 25, value: 'PAYMENT' }],
      provider: 'chat',
      chat_channel_id: 'C1',
    });
    const rage = await createAlert(ctx(), owner, {
      name: 'Rage',
      events: [{ kind: 21, value: '4' }],
      provider: 'webhooks',
      webhook_id: webhook.webhook_id,
    });
    await createAlert(ctx(), owner, {
      name: 'Big rage',
      events: [{ kind: 21, value: '5' }],
      provider: 'chat',
      chat_channel_id: 'C2',
    });
    const disabled = await createAlert(ctx(), owner, {
      name: 'Off',
      events: [{ kind: 26, value: '' }],
      provider: 'chat',
      chat_channel_id: 'C3',
    });
    await sendJson(ctx(), owner.token, 'PUT', `/v1/alerts/${disabled.alert_id}`, { enabled: false });

    const ids = newVisitIds();
    expect((await ingest(ctx(), batch(ownerKey, ids))).statusCode).toBe(202);
    const messages = await ctx()
      .database.db.selectFrom('outbox_messages')
      .selectAll()
      .where('account_id', '=', owner.accountId)
      .execute();
    expect(messages.map((message) => message.alert_id).sort()).toEqual([jsError.alert_id, rage.alert_id].sort());
    const rageMessage = messages.find((message) => message.alert_id === rage.alert_id);
    expect(rageMessage?.webhook_id).toBe(webhook.webhook_id);
    const payload = JSON.parse(rageMessage?.payload ?? '{}') as {
      website_id: string;
      payload: Record<string, unknown>;
    };
    expect(payload.website_id).toBe(owner.websiteId);
    expect(payload.payload).toMatchObject({
      event_name: 'RageClick',
      session_id: ids.session_id,
      // The rage click came 11 s after the session's first event: the link opens the replay there.
      session_url: expect.stringMatching(
        new RegExp(`^https://app\\.example\\.test/sessions/${ids.session_id}\\?t=1[12]$`),
      ) as unknown,
      click_count: 4,
      selector: 'main > button#pay',
      visitor: { id: ids.visitor_id },
    });
  });

  it('does not fire a webhook alert for events of a website its webhook is not for', async () => {
    const owner = await ctx().newAccount();
    const blog = await createWebsite(ctx().database.db, { accountId: owner.accountId, host: 'blog.example.com' });
    const webhook = await createWebhook(ctx(), owner);
    await createAlert(ctx(), owner, {
      name: 'Rage',
      events: [{ kind: 21, value: '3' }],
      provider: 'webhooks',
      webhook_id: webhook.webhook_id,
    });
    expect((await ingest(ctx(), batch(blog.public_key, newVisitIds()))).statusCode).toBe(202);
    expect(await countRows(ctx(), 'outbox_messages', owner.accountId)).toBe(0);
  });
});
