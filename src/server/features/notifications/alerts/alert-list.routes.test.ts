import { expect, it, vi } from 'vitest';
import {
  chatAlertBody,
  createAlert,
  createWebhook,
  listAlerts,
  webhookAlertBody,
} from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { ISO_UTC } from '../../../test/api-responses.ts';
import { describeApi } from '../../../test/harness.ts';
import { ALERT_FIELDS } from '../test-support/alert-bodies.ts';

describeApi('GET /v1/alerts', (ctx) => {
  it('an account without alerts gets an empty array', async () => {
    const account = await ctx().newAccount();
    const response = await sendJson(ctx(), account.token, 'GET', '/v1/alerts');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists oldest first, in creation order even when created within the same clock tick', async () => {
    const account = await ctx().newAccount();
    const created: string[] = [];
    // Quick creations often share a millisecond; freezing the clock makes that case certain.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      for (let i = 0; i < 12; i += 1)
        created.push((await createAlert(ctx(), account, chatAlertBody({ name: `Alert ${i}` }))).alert_id);
    } finally {
      clock.mockRestore();
    }
    expect((await listAlerts(ctx(), account)).map((alert) => alert.alert_id)).toEqual(created);
  });

  it('lists oldest first across distinct creation times', async () => {
    const account = await ctx().newAccount();
    const created: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      created.push((await createAlert(ctx(), account, chatAlertBody({ name: `Alert ${i}` }))).alert_id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await listAlerts(ctx(), account)).map((alert) => alert.alert_id)).toEqual(created);
  });

  it('keeps creation order after updates', async () => {
    const account = await ctx().newAccount();
    const first = await createAlert(ctx(), account, chatAlertBody({ name: 'First' }));
    const second = await createAlert(ctx(), account, chatAlertBody({ name: 'Second' }));
    await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${first.alert_id}`, { name: 'First, renamed' });
    expect((await listAlerts(ctx(), account)).map((alert) => alert.name)).toEqual(['First, renamed', second.name]);
  });

  it("shows only the calling account's alerts", async () => {
    const mine = await ctx().newAccount();
    const theirs = await ctx().newAccount();
    const myAlert = await createAlert(ctx(), mine, chatAlertBody({ name: 'Mine' }));
    await createAlert(ctx(), theirs, chatAlertBody({ name: 'Theirs' }));
    expect(await listAlerts(ctx(), mine)).toEqual([myAlert]);
    expect((await listAlerts(ctx(), theirs)).map((alert) => alert.name)).toEqual(['Theirs']);
  });

  it('every listed alert has the full Alert shape', async () => {
    const account = await ctx().newAccount();
    const webhook = await createWebhook(ctx(), account);
    await createAlert(ctx(), account);
    await createAlert(ctx(), account, webhookAlertBody(webhook.webhook_id));
    for (const alert of await listAlerts(ctx(), account)) {
      expect(Object.keys(alert).sort()).toEqual([...ALERT_FIELDS].sort());
      expect(alert.creation_date).toMatch(ISO_UTC);
      expect(alert.enabled).toBe(true);
    }
  });
});
