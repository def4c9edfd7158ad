import { beforeAll, expect, it } from 'vitest';
import { newVisitorId, recordVisit } from '../../../compat/visits.ts';
import { publicKeyOf } from '../../../test/tracker-ids.ts';
import { chatAlertBody, createAlert } from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError } from '../../../test/api-responses.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import { listedAlert, outboxMessagesOf } from '../test-support/alert-messages.ts';
import { JS_ERROR, type QuietAlert } from './quiet-period-fixtures.ts';

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
