import { beforeAll, expect, it } from 'vitest';
import { type AlertJson, chatAlertBody, createAlert, listAlerts } from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError } from '../../../test/api-responses.ts';
import { describeRefusalsChangeNothing } from '../../../test/refusals-change-nothing.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';

describeApi('alerts routes: unknown query parameters', (ctx) => {
  let account: TestAccount;
  let alert: AlertJson;
  beforeAll(async () => {
    account = await ctx().newAccount();
    alert = await createAlert(ctx(), account);
  });

  it.each([
    { method: 'GET' as const, path: (): string => '/v1/alerts?colour=red' },
    { method: 'POST' as const, path: (): string => '/v1/alerts?colour=red', body: () => chatAlertBody() },
    {
      method: 'PUT' as const,
      path: (): string => `/v1/alerts/${alert.alert_id}?colour=red`,
      body: () => ({ name: 'Renamed' }),
    },
    { method: 'DELETE' as const, path: (): string => `/v1/alerts/${alert.alert_id}?colour=red` },
  ])('$method: 400 unknown_parameter naming it', async ({ method, path, body }) => {
    const response = await sendJson(ctx(), account.token, method, path(), body?.());
    expectError(response, 400, { type: 'validation_error', code: 'unknown_parameter', param: 'colour' });
  });

  it('and the refused requests changed nothing', async () => {
    expect(await listAlerts(ctx(), account)).toEqual([alert]);
  });
});

describeApi('alerts routes: authentication and scopes', (ctx) => {
  interface Fixture {
    account: TestAccount;
    alert: AlertJson;
  }
  describeRefusalsChangeNothing<Fixture>(ctx, async () => {
    const account = await ctx().newAccount();
    return { account, alert: await createAlert(ctx(), account, chatAlertBody({ name: 'Guarded' })) };
  }, [
    { method: 'GET', pattern: '/v1/alerts', path: () => '/v1/alerts', scope: 'alerts:read' },
    {
      method: 'POST',
      pattern: '/v1/alerts',
      path: () => '/v1/alerts',
      scope: 'alerts:write',
      body: () => chatAlertBody({ name: 'Created with alerts:write alone' }),
      unchanged: async ({ account }) =>
        expect((await listAlerts(ctx(), account)).map((alert) => alert.name)).toEqual(['Guarded']),
    },
    {
      method: 'PUT',
      pattern: '/v1/alerts/:id',
      path: ({ alert }) => `/v1/alerts/${alert.alert_id}`,
      scope: 'alerts:write',
      body: () => ({ enabled: false }),
      unchanged: async ({ account, alert }) => expect(await listAlerts(ctx(), account)).toContainEqual(alert),
    },
    {
      method: 'DELETE',
      pattern: '/v1/alerts/:id',
      path: ({ alert }) => `/v1/alerts/${alert.alert_id}`,
      scope: 'alerts:write',
      unchanged: async ({ account, alert }) =>
        expect((await listAlerts(ctx(), account)).map((item) => item.alert_id)).toContain(alert.alert_id),
    },
  ]);
});
