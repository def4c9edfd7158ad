import { beforeAll, describe, expect, it } from 'vitest';
import {
  chatAlertBody,
  createAlert,
  createWebhook,
  hookUrl,
  listAlerts,
  listWebhooks,
  webhookAlertBody,
} from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError, expectSameErrorApartFromRequestId } from '../../../test/api-responses.ts';
import { type TestAccount, type TestContext, describeApi } from '../../../test/harness.ts';

async function webhookUsedByAlerts(ctx: TestContext, account: TestAccount, ...names: string[]) {
  const webhook = await createWebhook(ctx, account);
  const alerts = [];
  for (const name of names)
    alerts.push(await createAlert(ctx, account, webhookAlertBody(webhook.webhook_id, { name })));
  return { webhook, alerts };
}

describeApi('DELETE /v1/webhooks/:id', (ctx) => {
  let account: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
    other = await ctx().newAccount();
  });
  const remove = (webhookId: string) => sendJson(ctx(), account.token, 'DELETE', `/v1/webhooks/${webhookId}`);
  const listedIds = async () => (await listWebhooks(ctx(), account)).map((webhook) => webhook.webhook_id);

  it('answers {webhook_id, deleted: true} and the webhook is gone', async () => {
    const kept = await createWebhook(ctx(), account, { url: hookUrl('kept') });
    const doomed = await createWebhook(ctx(), account, { url: hookUrl('doomed') });
    const response = await remove(doomed.webhook_id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ webhook_id: doomed.webhook_id, deleted: true });
    expect(await listedIds()).toContain(kept.webhook_id);
    expect(await listedIds()).not.toContain(doomed.webhook_id);
    expectError(await remove(doomed.webhook_id), 404, { type: 'not_found_error' });
  });

  describe('while an alert uses it', () => {
    it('409 conflict_error webhook_in_use naming the alert; the webhook stays', async () => {
      const { webhook } = await webhookUsedByAlerts(ctx(), account, 'Pricing rage');
      const response = await remove(webhook.webhook_id);
      expectError(response, 409, {
        type: 'conflict_error',
        code: 'webhook_in_use',
        param: null,
        message: 'Pricing rage',
      });
      expect(await listedIds()).toContain(webhook.webhook_id);
    });

    it('names every alert that uses it', async () => {
      const { webhook } = await webhookUsedByAlerts(ctx(), account, 'First user', 'Second user');
      const error = expectError(await remove(webhook.webhook_id), 409, {
        type: 'conflict_error',
        code: 'webhook_in_use',
      });
      expect(error.message).toContain('First user');
      expect(error.message).toContain('Second user');
    });

    it('a disabled alert still holds it', async () => {
      const { webhook, alerts } = await webhookUsedByAlerts(ctx(), account, 'Sleeping');
      const alertId = alerts[0]?.alert_id ?? '';
      expect(
        (await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alertId}`, { enabled: false })).statusCode,
      ).toBe(200);
      expectError(await remove(webhook.webhook_id), 409, {
        type: 'conflict_error',
        code: 'webhook_in_use',
        message: 'Sleeping',
      });
    });

    it('succeeds once the alert is switched to chat, and the alert is kept', async () => {
      const { webhook, alerts } = await webhookUsedByAlerts(ctx(), account, 'Switching');
      const alertId = alerts[0]?.alert_id ?? '';
      expect(await remove(webhook.webhook_id)).toMatchObject({ statusCode: 409 });
      const switched = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alertId}`, {
        provider: 'chat',
        chat_channel_id: 'C0OPS',
      });
      expect(switched.statusCode, switched.body).toBe(200);
      const response = await remove(webhook.webhook_id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ webhook_id: webhook.webhook_id, deleted: true });
      expect(await listedIds()).not.toContain(webhook.webhook_id);
      expect((await listAlerts(ctx(), account)).find((alert) => alert.alert_id === alertId)).toMatchObject({
        provider: 'chat',
        chat_channel_id: 'C0OPS',
        webhook_id: null,
      });
    });

    it('succeeds once the alert is deleted', async () => {
      const { webhook, alerts } = await webhookUsedByAlerts(ctx(), account, 'Doomed alert');
      expect((await remove(webhook.webhook_id)).statusCode).toBe(409);
      expect(
        (await sendJson(ctx(), account.token, 'DELETE', `/v1/alerts/${alerts[0]?.alert_id ?? ''}`)).statusCode,
      ).toBe(200);
      const response = await remove(webhook.webhook_id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ webhook_id: webhook.webhook_id, deleted: true });
    });

    it('an alert of the same account on chat does not hold it', async () => {
      const webhook = await createWebhook(ctx(), account);
      await createAlert(ctx(), account, chatAlertBody({ name: 'Unrelated' }));
      expect((await remove(webhook.webhook_id)).statusCode).toBe(200);
    });
  });

  it("an unknown id and another account's id: the same 404, and theirs survives", async () => {
    const theirs = await createWebhook(ctx(), other);
    const unknown = await remove('whk_doesNotExist0000000000');
    const foreign = await remove(theirs.webhook_id);
    expectError(unknown, 404, { type: 'not_found_error', param: null });
    expectError(foreign, 404, { type: 'not_found_error', param: null });
    expectSameErrorApartFromRequestId(unknown, foreign);
    expect(await listWebhooks(ctx(), other)).toEqual([theirs]);
  });

  it("another account's webhook in use: still the plain 404, not a 409 that would reveal it", async () => {
    const { webhook } = await webhookUsedByAlerts(ctx(), other, 'Their alert');
    const foreign = await remove(webhook.webhook_id);
    const unknown = await remove('whk_doesNotExist0000000000');
    expectError(foreign, 404, { type: 'not_found_error' });
    expectSameErrorApartFromRequestId(unknown, foreign);
  });
});
