import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AlertJson,
  chatAlertBody,
  createAlert,
  createWebhook,
  listAlerts,
  webhookAlertBody,
} from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError, expectSameErrorApartFromRequestId } from '../../../test/api-responses.ts';
import { type BadBodyCase, itRefusesUnreadableBodies } from '../../../test/refused-bodies.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import { ALERT_FIELDS, alertFieldRuleCases, event } from '../test-support/alert-bodies.ts';

describeApi('PUT /v1/alerts/:id', (ctx) => {
  let account: TestAccount;
  let other: TestAccount;
  let webhookId: string;
  beforeAll(async () => {
    account = await ctx().newAccount();
    other = await ctx().newAccount();
    webhookId = (await createWebhook(ctx(), account)).webhook_id;
  });

  const update = (alertId: string, body: unknown, token = account.token) =>
    sendJson(ctx(), token, 'PUT', `/v1/alerts/${alertId}`, body);
  const stored = async (alertId: string) =>
    (await listAlerts(ctx(), account)).find((alert) => alert.alert_id === alertId);

  describe('is partial', () => {
    it('sending only name changes only the name', async () => {
      const original = await createAlert(ctx(), account);
      const response = await update(original.alert_id, { name: '  Renamed ' });
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json<AlertJson>();
      expect(Object.keys(updated).sort()).toEqual([...ALERT_FIELDS].sort());
      expect(updated).toEqual({ ...original, name: 'Renamed' });
      expect(await stored(original.alert_id)).toEqual(updated);
    });

    it('sending only events replaces the whole list and nothing else', async () => {
      const original = await createAlert(
        ctx(),
        account,
        chatAlertBody({ events: [event(5, 'Buy'), event(25, 'TypeError')] }),
      );
      const response = await update(original.alert_id, { events: [event(30, '/api/checkout')] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AlertJson>()).toEqual({ ...original, events: [event(30, '/api/checkout')] });
      expect(await stored(original.alert_id)).toEqual({ ...original, events: [event(30, '/api/checkout')] });
    });

    it('an empty body changes nothing', async () => {
      const original = await createAlert(ctx(), account);
      const response = await update(original.alert_id, {});
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AlertJson>()).toEqual(original);
    });

    it('a new chat_channel_id on a chat alert replaces the old one', async () => {
      const original = await createAlert(ctx(), account);
      const response = await update(original.alert_id, { chat_channel_id: 'C0NEW' });
      expect(response.json<AlertJson>()).toEqual({ ...original, chat_channel_id: 'C0NEW', slack_channel_id: 'C0NEW' });
    });
  });

  describe('enabled', () => {
    it('switches an alert off and on again, and the change is kept', async () => {
      const original = await createAlert(ctx(), account);
      const off = await update(original.alert_id, { enabled: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json<AlertJson>()).toEqual({ ...original, enabled: false });
      expect((await stored(original.alert_id))?.enabled).toBe(false);

      const renamed = await update(original.alert_id, { name: 'Still off' });
      expect(renamed.json<AlertJson>().enabled).toBe(false);

      const on = await update(original.alert_id, { enabled: true });
      expect(on.json<AlertJson>()).toEqual({ ...original, name: 'Still off', enabled: true });
      expect((await stored(original.alert_id))?.enabled).toBe(true);
    });
  });

  describe('checks the provider rule on the merged alert', () => {
    it('switching to webhooks without a stored webhook_id: 400 required webhook_id, nothing changed', async () => {
      const original = await createAlert(ctx(), account);
      const response = await update(original.alert_id, { provider: 'webhooks', name: 'Not applied' });
      expectError(response, 400, { type: 'validation_error', code: 'required', param: 'webhook_id' });
      expect(await stored(original.alert_id)).toEqual(original);
    });

    it('switching to webhooks with a valid webhook_id nulls chat_channel_id', async () => {
      const original = await createAlert(ctx(), account);
      const response = await update(original.alert_id, { provider: 'webhooks', webhook_id: webhookId });
      expect(response.statusCode, response.body).toBe(200);
      const expected = {
        ...original,
        provider: 'webhooks',
        webhook_id: webhookId,
        chat_channel_id: null,
        slack_channel_id: null,
        target_healthy: true,
      };
      expect(response.json<AlertJson>()).toEqual(expected);
      expect(await stored(original.alert_id)).toEqual(expected);
    });

    it('switching back to chat needs a chat_channel_id again, since the old one was dropped', async () => {
      const original = await createAlert(ctx(), account, webhookAlertBody(webhookId));
      expectError(await update(original.alert_id, { provider: 'chat' }), 400, {
        type: 'validation_error',
        code: 'required',
        param: 'chat_channel_id',
      });
      const response = await update(original.alert_id, { provider: 'chat', chat_channel_id: 'C0BACK' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AlertJson>()).toEqual({
        ...original,
        provider: 'chat',
        chat_channel_id: 'C0BACK',
        slack_channel_id: 'C0BACK',
        webhook_id: null,
        target_healthy: false,
      });
    });

    it('a webhook_id sent to a chat alert is stored as null', async () => {
      const original = await createAlert(ctx(), account);
      const response = await update(original.alert_id, { webhook_id: webhookId });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AlertJson>()).toEqual(original);
      expect((await stored(original.alert_id))?.webhook_id).toBeNull();
    });

    it('a chat_channel_id sent to a webhooks alert is stored as null', async () => {
      const original = await createAlert(ctx(), account, webhookAlertBody(webhookId));
      const response = await update(original.alert_id, { chat_channel_id: 'C-IGNORED' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AlertJson>()).toEqual(original);
    });

    it('pointing a webhooks alert at another webhook of the account', async () => {
      const original = await createAlert(ctx(), account, webhookAlertBody(webhookId));
      const second = await createWebhook(ctx(), account, { url: 'https://hooks.example.com/second' });
      const response = await update(original.alert_id, { webhook_id: second.webhook_id });
      expect(response.json<AlertJson>()).toEqual({ ...original, webhook_id: second.webhook_id });
    });

    it.each([
      { label: 'an unknown webhook', target: () => Promise.resolve('whk_doesNotExist0000000000') },
      { label: "another account's webhook", target: async () => (await createWebhook(ctx(), other)).webhook_id },
    ])('pointing a webhooks alert at $label: 400 on webhook_id, nothing changed', async ({ target }) => {
      const original = await createAlert(ctx(), account, webhookAlertBody(webhookId));
      const response = await update(original.alert_id, { webhook_id: await target() });
      expectError(response, 400, { type: 'validation_error', param: 'webhook_id' });
      expect(await stored(original.alert_id)).toEqual(original);
    });

    it('clearing webhook_id of a webhooks alert (null): 400 required', async () => {
      const original = await createAlert(ctx(), account, webhookAlertBody(webhookId));
      expectError(await update(original.alert_id, { webhook_id: null }), 400, {
        type: 'validation_error',
        code: 'required',
        param: 'webhook_id',
      });
      expect(await stored(original.alert_id)).toEqual(original);
    });
  });

  describe('refuses', () => {
    let target: AlertJson;
    beforeAll(async () => {
      target = await createAlert(ctx(), account);
    });

    const updateOnlyCases: BadBodyCase[] = [
      { name: 'enabled as a string', body: { enabled: 'true' }, param: 'enabled' },
      { name: 'enabled as a number', body: { enabled: 1 }, param: 'enabled' },
      { name: 'enabled null', body: { enabled: null }, param: 'enabled' },
      {
        name: 'creation_date (returned only)',
        body: { creation_date: '2025-01-01T00:00:00Z' },
        param: 'creation_date',
        code: 'unknown_parameter',
      },
    ];
    it.each([...alertFieldRuleCases, ...updateOnlyCases])('$name: 400 on $param', async ({ body, param, code }) => {
      const response = await update(target.alert_id, body);
      expectError(response, 400, { type: 'validation_error', param, ...(code ? { code } : {}) });
    });

    itRefusesUnreadableBodies(ctx, () => ({
      token: account.token,
      method: 'PUT',
      url: `/v1/alerts/${target.alert_id}`,
    }));

    it('and none of the refused requests changed the alert', async () => {
      expect(await stored(target.alert_id)).toEqual(target);
    });

    it("an unknown id and another account's id: the same 404", async () => {
      const theirs = await createAlert(ctx(), other);
      const unknown = await update('alr_doesNotExist0000000000', { name: 'x' });
      const foreign = await update(theirs.alert_id, { name: 'x' });
      expectError(unknown, 404, { type: 'not_found_error', param: null });
      expectError(foreign, 404, { type: 'not_found_error', param: null });
      expectSameErrorApartFromRequestId(unknown, foreign);
      expect(await listAlerts(ctx(), other)).toContainEqual(theirs);
    });
  });
});
