import { beforeAll, expect, it } from 'vitest';
import { chatAlertBody, createAlert, listAlerts } from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError, expectSameErrorApartFromRequestId } from '../../../test/api-responses.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';

describeApi('DELETE /v1/alerts/:id', (ctx) => {
  let account: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
    other = await ctx().newAccount();
  });
  const remove = (alertId: string) => sendJson(ctx(), account.token, 'DELETE', `/v1/alerts/${alertId}`);

  it('answers {alert_id, deleted: true} and the alert is gone', async () => {
    const kept = await createAlert(ctx(), account, chatAlertBody({ name: 'Kept' }));
    const doomed = await createAlert(ctx(), account, chatAlertBody({ name: 'Doomed' }));
    const response = await remove(doomed.alert_id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ alert_id: doomed.alert_id, deleted: true });
    expect(await listAlerts(ctx(), account)).toEqual([kept]);
  });

  it('a second delete, or an update after it, is a 404', async () => {
    const doomed = await createAlert(ctx(), account);
    expect((await remove(doomed.alert_id)).statusCode).toBe(200);
    expectError(await remove(doomed.alert_id), 404, { type: 'not_found_error' });
    expectError(await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${doomed.alert_id}`, { name: 'x' }), 404, {
      type: 'not_found_error',
    });
  });

  it("an unknown id and another account's id: the same 404, and their alert survives", async () => {
    const theirs = await createAlert(ctx(), other);
    const unknown = await remove('alr_doesNotExist0000000000');
    const foreign = await remove(theirs.alert_id);
    expectError(unknown, 404, { type: 'not_found_error', param: null });
    expectError(foreign, 404, { type: 'not_found_error', param: null });
    expectSameErrorApartFromRequestId(unknown, foreign);
    expect(await listAlerts(ctx(), other)).toEqual([theirs]);
  });
});
