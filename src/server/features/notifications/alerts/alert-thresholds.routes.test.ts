import { beforeAll, expect, it } from 'vitest';
import { newVisitorId, recordVisit } from '../../../compat/visits.ts';
import { publicKeyOf } from '../../../test/tracker-ids.ts';
import { type AlertJson, chatAlertBody, createAlert } from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError } from '../../../test/api-responses.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import { listedAlert, outboxMessagesOf } from '../test-support/alert-messages.ts';
import { chatMessage } from '../transports/chat-message.ts';

type ThresholdAlert = AlertJson & {
  threshold_count: number | null;
  threshold_window_minutes: number | null;
  suppressed_count: number;
};

const JS_ERROR = { kind: 25, message: 'TypeError: total is undefined' };

describeApi('alert thresholds: the API', (ctx) => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
  });

  it('has no threshold unless set, takes both fields, and shows them', async () => {
    const plain = (await createAlert(ctx(), account)) as ThresholdAlert;
    expect(plain).toMatchObject({ threshold_count: null, threshold_window_minutes: null });
    const set = await createAlert(ctx(), account, chatAlertBody({ threshold_count: 5, threshold_window_minutes: 10 }));
    expect(set).toMatchObject({ threshold_count: 5, threshold_window_minutes: 10 });
    expect(await listedAlert<ThresholdAlert>(ctx(), account, set.alert_id)).toMatchObject({
      threshold_count: 5,
      threshold_window_minutes: 10,
    });
  });

  it('on update, changes one field of a set threshold, and clears it with both null', async () => {
    const alert = await createAlert(
      ctx(),
      account,
      chatAlertBody({ threshold_count: 5, threshold_window_minutes: 10 }),
    );
    const changed = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alert.alert_id}`, { threshold_count: 8 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ threshold_count: 8, threshold_window_minutes: 10 });
    const half = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alert.alert_id}`, { threshold_count: null });
    // The window stays set, so the count is what is missing.
    expectError(half, 400, { type: 'validation_error', param: 'threshold_count', message: /both to null/ });
    const cleared = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alert.alert_id}`, {
      threshold_count: null,
      threshold_window_minutes: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ threshold_count: null, threshold_window_minutes: null });
  });

  it.each([
    [{ threshold_count: 5 }, 'threshold_window_minutes'],
    [{ threshold_window_minutes: 10 }, 'threshold_count'],
    [{ threshold_count: 5, threshold_window_minutes: null }, 'threshold_window_minutes'],
    [{ threshold_count: 1, threshold_window_minutes: 10 }, 'threshold_count'],
    [{ threshold_count: 1001, threshold_window_minutes: 10 }, 'threshold_count'],
    [{ threshold_count: 2.5, threshold_window_minutes: 10 }, 'threshold_count'],
    [{ threshold_count: '5', threshold_window_minutes: 10 }, 'threshold_count'],
    [{ threshold_count: 5, threshold_window_minutes: 0 }, 'threshold_window_minutes'],
    [{ threshold_count: 5, threshold_window_minutes: 1441 }, 'threshold_window_minutes'],
  ])('refuses %j on create with a 400 naming %s', async (fields, param) => {
    const response = await sendJson(ctx(), account.token, 'POST', '/v1/alerts', chatAlertBody(fields));
    expectError(response, 400, { type: 'validation_error', param });
  });
});

describeApi('alert thresholds: matches', (ctx) => {
  let account: TestAccount;
  let key: string;
  beforeAll(async () => {
    account = await ctx().newAccount();
    key = await publicKeyOf(ctx(), account.websiteId);
  });

  it('sends nothing below the threshold, then a message saying how many matches reached it', async () => {
    const alert = await createAlert(
      ctx(),
      account,
      chatAlertBody({ threshold_count: 3, threshold_window_minutes: 10, quiet_period_minutes: 0 }),
    );
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
    expect(await outboxMessagesOf(ctx(), alert.alert_id)).toEqual([]);
    expect((await listedAlert<ThresholdAlert>(ctx(), account, alert.alert_id)).suppressed_count).toBe(0);
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
    const messages = await outboxMessagesOf(ctx(), alert.alert_id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ threshold_matches: 3, threshold_window_minutes: 10 });
    expect(messages[0]).not.toHaveProperty('suppressed_count');
    const [first] = messages;
    if (!first) throw new Error('no message');
    expect(chatMessage('C0123CHECKOUT', first).text).toContain('3 matches within 10 minutes');
  });

  it('folds later matches into the quiet period as before', async () => {
    const alert = await createAlert(
      ctx(),
      account,
      chatAlertBody({ threshold_count: 2, threshold_window_minutes: 5, quiet_period_minutes: 60 }),
    );
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR, JS_ERROR, JS_ERROR, JS_ERROR]);
    const messages = await outboxMessagesOf(ctx(), alert.alert_id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ threshold_matches: 2 });
    expect((await listedAlert<ThresholdAlert>(ctx(), account, alert.alert_id)).suppressed_count).toBe(2);
  });

  it('counts exactly under concurrent batches', async () => {
    const alert = await createAlert(
      ctx(),
      account,
      chatAlertBody({ threshold_count: 5, threshold_window_minutes: 10, quiet_period_minutes: 0 }),
    );
    const visits = 16;
    await Promise.all(Array.from({ length: visits }, () => recordVisit(ctx(), key, newVisitorId(), [JS_ERROR])));
    const messages = await outboxMessagesOf(ctx(), alert.alert_id);
    // Matches 5 to 16 each reach the threshold; the first four do not.
    expect(messages).toHaveLength(visits - 4);
    expect(messages.map((message) => message.threshold_matches).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: visits - 4 }, (_, index) => index + 5),
    );
  });

  it('a changed threshold counts afresh', async () => {
    const alert = await createAlert(
      ctx(),
      account,
      chatAlertBody({ threshold_count: 3, threshold_window_minutes: 10, quiet_period_minutes: 0 }),
    );
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR, JS_ERROR]);
    const response = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alert.alert_id}`, {
      threshold_window_minutes: 30,
    });
    expect(response.statusCode, response.body).toBe(200);
    await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
    expect(await outboxMessagesOf(ctx(), alert.alert_id)).toEqual([]);
  });
});
