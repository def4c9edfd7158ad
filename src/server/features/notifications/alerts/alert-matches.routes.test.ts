import { beforeAll, expect, it } from 'vitest';
import type { AlertMatchResource, DeliveryResource } from '../../../../api/schemas/deliveries.ts';
import { chatAlertBody, createAlert } from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError, expectSameErrorApartFromRequestId } from '../../../test/api-responses.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import { PUBLIC_URL, enqueueJsError } from '../test-support/fixtures.ts';
import { findAlertRow } from './alerts.repository.ts';

describeApi('GET /v1/alerts/{id}/matches', (ctx) => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
  });

  const fire = async (alertId: string, at: number) => {
    const row = await findAlertRow(ctx().database.db, account.accountId, alertId);
    if (!row) throw new Error('alert row missing');
    await enqueueJsError(ctx().database.db, account, [row], at);
  };

  it('lists the latest matches, newest first, with the session at the moment and the visitor; tests are left out', async () => {
    const alert = await createAlert(ctx(), account, chatAlertBody({ name: 'Matches' }));
    const firstAt = Date.UTC(2026, 2, 1, 10, 0, 0);
    for (let index = 0; index < 4; index += 1) await fire(alert.alert_id, firstAt + index * 60_000);
    const test = await sendJson(ctx(), account.token, 'POST', `/v1/alerts/${alert.alert_id}/test`);
    expect(test.statusCode, test.body).toBe(202);

    const response = await sendJson(ctx(), account.token, 'GET', `/v1/alerts/${alert.alert_id}/matches`);
    expect(response.statusCode, response.body).toBe(200);
    const matches = response.json<AlertMatchResource[]>();
    expect(matches).toHaveLength(3);
    // The fixture's event happens 1.5 s before its message, 58 s into a session begun a minute earlier.
    const latest = firstAt + 3 * 60_000 - 1500;
    expect(matches[0]).toEqual({
      delivery_id: expect.stringMatching(/^msg_/),
      event_name: 'JSError',
      time: new Date(Math.floor(latest / 1000) * 1000).toISOString(),
      session_id: 'ses_1',
      session_url: `${PUBLIC_URL}/sessions/ses_1?t=58`,
      visitor: { id: 'vis_1', name: 'Marie Curie', email: 'marie@example.com' },
    });
    expect(matches.map((match) => match.time)).toEqual([...matches.map((match) => match.time)].sort().reverse());

    const one = await sendJson(ctx(), account.token, 'GET', `/v1/alerts/${alert.alert_id}/matches?limit=1`);
    expect(one.json<AlertMatchResource[]>().map((match) => match.delivery_id)).toEqual([matches[0]?.delivery_id]);
  });

  it("the delivery log links each match's session at its moment, and a test message to none", async () => {
    const alert = await createAlert(ctx(), account, chatAlertBody({ name: 'Logged' }));
    await fire(alert.alert_id, Date.UTC(2026, 2, 2, 10, 0, 0));
    await sendJson(ctx(), account.token, 'POST', `/v1/alerts/${alert.alert_id}/test`);
    const log = (await sendJson(ctx(), account.token, 'GET', `/v1/alerts/${alert.alert_id}/deliveries`)).json<
      DeliveryResource[]
    >();
    expect(log.map((item) => [item.test, item.session_id, item.session_url])).toEqual([
      [true, null, null],
      [false, 'ses_1', `${PUBLIC_URL}/sessions/ses_1?t=58`],
    ]);
  });

  it('an alert that never fired has no matches', async () => {
    const alert = await createAlert(ctx(), account, chatAlertBody({ name: 'Quiet' }));
    const response = await sendJson(ctx(), account.token, 'GET', `/v1/alerts/${alert.alert_id}/matches`);
    expect(response.json()).toEqual([]);
  });

  it('limit is 1 to 20; anything else is a 400', async () => {
    const alert = await createAlert(ctx(), account, chatAlertBody({ name: 'Limits' }));
    for (const limit of ['0', '21', 'many']) {
      const response = await sendJson(
        ctx(),
        account.token,
        'GET',
        `/v1/alerts/${alert.alert_id}/matches?limit=${limit}`,
      );
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it("another account's alert answers exactly as an unknown id (404)", async () => {
    const other = await ctx().newAccount();
    const theirs = await createAlert(ctx(), other, chatAlertBody({ name: 'Theirs' }));
    const foreign = await sendJson(ctx(), account.token, 'GET', `/v1/alerts/${theirs.alert_id}/matches`);
    const unknown = await sendJson(ctx(), account.token, 'GET', '/v1/alerts/alr_doesnotexist0000000000/matches');
    expectError(foreign, 404, { type: 'not_found_error', code: 'not_found', param: null });
    expectSameErrorApartFromRequestId(unknown, foreign);
  });
});
