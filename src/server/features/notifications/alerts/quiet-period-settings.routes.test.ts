import { beforeAll, expect, it } from 'vitest';
import { chatAlertBody, createAlert } from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError } from '../../../test/api-responses.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import { listedAlert } from '../test-support/alert-messages.ts';
import type { QuietAlert } from './quiet-period-fixtures.ts';

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
