import { beforeAll, expect, it } from 'vitest';
import { newVisitorId, recordVisit } from '../../../compat/visits.ts';
import { publicKeyOf } from '../../../test/tracker-ids.ts';
import { chatAlertBody, createAlert } from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import { listedAlert, outboxMessagesOf } from '../test-support/alert-messages.ts';
import { notifyMatchingAlerts } from '../notify-matching-alerts.ts';
import { JS_ERROR, type QuietAlert, endQuietPeriod } from './quiet-period-fixtures.ts';

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
