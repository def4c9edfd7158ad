import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitorId, recordVisit } from '../../../compat/visits.ts';
import { publicKeyOf } from '../../../test/tracker-ids.ts';
import { type AlertJson, chatAlertBody, createAlert, expectError, sendJson } from '../../../test/api-helpers.ts';
import { type TestAccount, type TestContext, describeApi } from '../../../test/harness.ts';
import type { DeliveryBody } from '../outbox/delivery-payload.ts';
import { listedAlert, outboxMessagesOf } from '../test-support/alert-messages.ts';
import { type Receiver, startReceiver } from '../test-support/receiver.ts';
import { chatMessage } from '../transports/chat-message.ts';
import { testWorker } from '../test-support/worker-kit.ts';
import { notifyMatchingAlerts } from '../notify-matching-alerts.ts';

type QuietAlert = AlertJson & {
  quiet_period_minutes: number;
  suppressed_count: number;
  suppressed_since: string | null;
};

const JS_ERROR = { kind: 25, message: 'TypeError: total is undefined' };

/** Moves the alert's quiet period into the past, as if its minutes had gone by. */
async function endQuietPeriod(ctx: TestContext, alertId: string): Promise<void> {
  const row = await ctx.database.db
    .selectFrom('alerts')
    .select(['notified_at', 'summary_due_at', 'quiet_period_minutes'])
    .where('id', '=', alertId)
    .executeTakeFirstOrThrow();
  const shift = row.quiet_period_minutes * 60_000 + 1;
  await ctx.database.db
    .updateTable('alerts')
    .set({
      notified_at: row.notified_at === null ? null : row.notified_at - shift,
      summary_due_at: row.summary_due_at === null ? null : row.summary_due_at - shift,
    })
    .where('id', '=', alertId)
    .execute();
}

describeApi('alert quiet periods: the API', (ctx) => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
  });

  it('defaults to 5 minutes, takes 0 to 1440 on create and update, and shows nothing held back', async () => {
    const created = (await createAlert(ctx(), account)) as QuietAlert;
    expect(created).toMatchObject({ quiet_period_minutes: 5, suppressed_count: 0, suppressed_since: null });
    const every = (await createAlert(ctx(), account, chatAlertBody({ quiet_period_minutes: 0 }))) as QuietAlert;
    expect(every.quiet_period_minutes).toBe(0);
    const response = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${created.alert_id}`, {
      quiet_period_minutes: 1440,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<QuietAlert>()).toMatchObject({ quiet_period_minutes: 1440, name: created.name });
    expect((await listedAlert<QuietAlert>(ctx(), account, created.alert_id)).quiet_period_minutes).toBe(1440);
  });

  it.each([-1, 1441, 2.5, '5', null])('refuses quiet_period_minutes %j with 400', async (value) => {
    const create = await sendJson(
      ctx(),
      account.token,
      'POST',
      '/v1/alerts',
      chatAlertBody({ quiet_period_minutes: value }),
    );
    expectError(create, 400, { type: 'validation_error', param: 'quiet_period_minutes' });
    const alert = await createAlert(ctx(), account);
    const update = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alert.alert_id}`, {
      quiet_period_minutes: value,
    });
    expectError(update, 400, { type: 'validation_error', param: 'quiet_period_minutes' });
  });
});

describeApi('alert quiet periods: matches', (ctx) => {
  let account: TestAccount;
  let key: string;
  beforeAll(async () => {
    account = await ctx().newAccount();
    key = await publicKeyOf(ctx(), account.websiteId);
  });

  it('sends the first match at once, counts later ones, and folds them into the first match after the period', async () => {
    const alert = await createAlert(ctx(), account);
    for (let i = 0; i < 4; i += 1) await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
    expect(await outboxMessagesOf(ctx(), alert.alert_id)).toHaveLength(1);
    const held = await listedAlert<QuietAlert>(ctx(), account, alert.alert_id);
    expect(held.suppressed_count).toBe(3);
    expect(Date.parse(held.suppressed_since ?? '')).toBeLessThanOrEqual(Date.now());

    await endQuietPeriod(ctx(), alert.alert_id);
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
    const messages = await outboxMessagesOf(ctx(), alert.alert_id);
    expect(messages).toHaveLength(2);
    expect(messages[0]).not.toHaveProperty('suppressed_count');
    expect(messages[1]).toMatchObject({
      suppressed_count: 3,
      suppressed_since: Math.floor(Date.parse(held.suppressed_since ?? '') / 1000),
    });
    expect(await listedAlert<QuietAlert>(ctx(), account, alert.alert_id)).toMatchObject({
      suppressed_count: 0,
      suppressed_since: null,
    });
  });

  it('with a quiet period of 0, every match is a message', async () => {
    const alert = await createAlert(ctx(), account, chatAlertBody({ quiet_period_minutes: 0 }));
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR, JS_ERROR, JS_ERROR]);
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
    const messages = await outboxMessagesOf(ctx(), alert.alert_id);
    expect(messages).toHaveLength(4);
    for (const message of messages) expect(message).not.toHaveProperty('suppressed_count');
  });

  it('counts exactly under concurrent batches: one message, every other match held back', async () => {
    const alert = await createAlert(ctx(), account);
    const visits = 16;
    await Promise.all(
      Array.from({ length: visits }, () => recordVisit(ctx(), key, newVisitorId(), [JS_ERROR, JS_ERROR])),
    );
    expect(await outboxMessagesOf(ctx(), alert.alert_id)).toHaveLength(1);
    expect((await listedAlert<QuietAlert>(ctx(), account, alert.alert_id)).suppressed_count).toBe(2 * visits - 1);
  });

  it('a shorter quiet period applies to matches already held back', async () => {
    const alert = await createAlert(ctx(), account, chatAlertBody({ quiet_period_minutes: 60 }));
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR, JS_ERROR]);
    const before = await ctx()
      .database.db.selectFrom('alerts')
      .select('summary_due_at')
      .where('id', '=', alert.alert_id)
      .executeTakeFirstOrThrow();
    const response = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alert.alert_id}`, {
      quiet_period_minutes: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await ctx()
      .database.db.selectFrom('alerts')
      .select('summary_due_at')
      .where('id', '=', alert.alert_id)
      .executeTakeFirstOrThrow();
    expect(after.summary_due_at).toBeLessThan(before.summary_due_at ?? 0);
    expect(after.summary_due_at).toBeLessThanOrEqual(Date.now());
  });
});

describeApi(
  'alert quiet periods: summaries',
  (ctx) => {
    let account: TestAccount;
    let key: string;
    let receiver: Receiver;
    beforeAll(async () => {
      account = await ctx().newAccount();
      key = await publicKeyOf(ctx(), account.websiteId);
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());

    async function webhookAlert(): Promise<AlertJson> {
      const path = `/hook-${crypto.randomBytes(4).toString('hex')}`;
      const webhook = await sendJson(ctx(), account.token, 'POST', '/v1/webhooks', {
        url: `${receiver.url}${path}`,
        website_id: account.websiteId,
        version: 'v1.0',
      });
      expect(webhook.statusCode, webhook.body).toBe(201);
      return createAlert(ctx(), account, {
        name: 'Checkout errors',
        events: [{ kind: 25, value: 'TypeError' }],
        provider: 'webhooks',
        webhook_id: webhook.json<{ webhook_id: string }>().webhook_id,
      });
    }

    it('when the period ends, a worker started afterwards sends one summary: the latest match and the count of the others', async () => {
      const alert = await webhookAlert();
      await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
      await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR, JS_ERROR]);
      const lastVisitor = newVisitorId();
      const lastSession = await recordVisit(ctx(), key, lastVisitor, [{ kind: 25, message: 'TypeError: the latest' }]);

      // Nothing due yet: the worker sends only the first message.
      const early = testWorker(ctx().database, { config: ctx().config });
      try {
        await early.runOnce();
      } finally {
        await early.stop();
      }
      expect(await outboxMessagesOf(ctx(), alert.alert_id)).toHaveLength(1);

      await endQuietPeriod(ctx(), alert.alert_id);
      const since = (await listedAlert<QuietAlert>(ctx(), account, alert.alert_id)).suppressed_since;
      // Two workers at once, as after a restart with several processes: exactly one summary.
      const workers = [1, 2].map(() => testWorker(ctx().database, { config: ctx().config }));
      try {
        await Promise.all(workers.map((worker) => worker.runOnce()));
        await receiver.waitForRequests(2);
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }
      const messages = await outboxMessagesOf(ctx(), alert.alert_id);
      expect(messages).toHaveLength(2);
      expect(messages[1]).toMatchObject({
        suppressed_count: 2,
        suppressed_since: Math.floor(Date.parse(since ?? '') / 1000),
        payload: { session_id: lastSession, message: 'TypeError: the latest', visitor: { id: lastVisitor } },
      });
      const delivered = receiver.requests.map((request) => JSON.parse(request.body) as DeliveryBody);
      expect(delivered.filter((body) => body.alert.alert_id === alert.alert_id)).toHaveLength(2);
      expect(await listedAlert<QuietAlert>(ctx(), account, alert.alert_id)).toMatchObject({
        suppressed_count: 0,
        suppressed_since: null,
      });

      // The summary started a new quiet period: the next match is held back again.
      await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
      expect(await outboxMessagesOf(ctx(), alert.alert_id)).toHaveLength(2);
      expect((await listedAlert<QuietAlert>(ctx(), account, alert.alert_id)).suppressed_count).toBe(1);
    });
  },
  { ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' },
);

describeApi('alert snooze', (ctx) => {
  let account: TestAccount;
  let key: string;
  beforeAll(async () => {
    account = await ctx().newAccount();
    key = await publicKeyOf(ctx(), account.websiteId);
  });

  it('a snoozed alert sends and counts nothing until the snooze ends or is lifted', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const alert = await createAlert(ctx(), account, chatAlertBody({ snoozed_until: until }));
    expect((alert as QuietAlert & { snoozed_until: string | null }).snoozed_until).toBe(until);
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR, JS_ERROR]);
    expect(await outboxMessagesOf(ctx(), alert.alert_id)).toHaveLength(0);
    expect(await listedAlert<QuietAlert>(ctx(), account, alert.alert_id)).toMatchObject({
      suppressed_count: 0,
      last_fired_at: null,
    });

    const lifted = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alert.alert_id}`, { snoozed_until: null });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json<{ snoozed_until: string | null }>().snoozed_until).toBeNull();
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
    expect(await outboxMessagesOf(ctx(), alert.alert_id)).toHaveLength(1);
  });

  it('a snooze that has ended no longer holds anything back', async () => {
    const alert = await createAlert(
      ctx(),
      account,
      chatAlertBody({ snoozed_until: new Date(Date.now() - 1000).toISOString() }),
    );
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
    expect(await outboxMessagesOf(ctx(), alert.alert_id)).toHaveLength(1);
  });

  it.each(['tomorrow', '2026-13-01T00:00:00Z', 5])('refuses snoozed_until %j with 400', async (value) => {
    const response = await sendJson(
      ctx(),
      account.token,
      'POST',
      '/v1/alerts',
      chatAlertBody({ snoozed_until: value }),
    );
    expectError(response, 400, { type: 'validation_error', param: 'snoozed_until' });
  });
});

describeApi('alert quiet periods: concurrent transactions', (ctx) => {
  it('hold the alert locked while they decide, so exactly one of them sends', async () => {
    const account = await ctx().newAccount();
    const alert = await createAlert(ctx(), account);
    const transactions = 12;
    const results = await Promise.all(
      Array.from({ length: transactions }, (_, index) =>
        ctx()
          .database.db.transaction()
          .execute((trx) =>
            notifyMatchingAlerts(trx, {
              accountId: account.accountId,
              website: { id: account.websiteId },
              publicUrl: 'https://app.example.test',
              session: { id: `ses_${index}`, creation_timestamp: 0, country_code: '', region: '', city: '' },
              visitor: { id: `vis_${index}`, name: null, email: null, params: '[]' },
              events: [{ kind: 25, occurredAt: Date.now(), details: { message: 'TypeError: x' } }],
              now: Date.now(),
            }),
          ),
      ),
    );
    expect(results.reduce((sum, result) => sum + result.queued, 0)).toBe(1);
    expect(results.reduce((sum, result) => sum + result.held, 0)).toBe(transactions - 1);
    expect(await outboxMessagesOf(ctx(), alert.alert_id)).toHaveLength(1);
    expect((await listedAlert<QuietAlert>(ctx(), account, alert.alert_id)).suppressed_count).toBe(transactions - 1);
  });
});

describe('chat messages of folded matches', () => {
  it('say how many more and since when', () => {
    const body = {
      message_id: 'msg_1',
      webhook_id: null,
      webhook_type: 'session.event',
      api_version: 'v1.0',
      account_id: 'acc_1',
      website_id: 'web_1',
      created_at: 0,
      alert: { alert_id: 'alr_1', name: 'Checkout errors' },
      payload: {
        event_name: 'JSError',
        time: 0,
        session_id: 'ses_1',
        session_url: 'https://app.example.test/sessions/ses_1',
        visitor: {
          id: 'vis_1',
          name: '',
          email: '',
          params: [],
          geolocation: { country_code: '', city: '', region: '' },
        },
        message: 'TypeError',
      },
      suppressed_count: 143,
      suppressed_since: Date.parse('2026-11-23T12:04:30Z') / 1000,
    } satisfies DeliveryBody;
    expect(chatMessage('C1', body).text).toContain('Checkout errors: JSError (TypeError) and 143 more since 12:04 UTC');
  });
});
