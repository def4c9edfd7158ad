import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AlertJson,
  type WebhookJson,
  chatAlertBody,
  createAlert,
  createWebhook,
  webhookAlertBody,
} from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError } from '../../../test/api-responses.ts';
import { describeRefusalsChangeNothing } from '../../../test/refusals-change-nothing.ts';
import { type TestAccount, type TestContext, describeApi } from '../../../test/harness.ts';
import { findAlertRow } from '../alerts/alerts.repository.ts';
import { enqueueJsError } from '../test-support/fixtures.ts';

async function messagesTo(ctx: TestContext, owner: { webhookId: string } | { alertId: string }): Promise<number> {
  const query = ctx.database.db.selectFrom('outbox_messages').select('id');
  const rows = await (
    'webhookId' in owner ? query.where('webhook_id', '=', owner.webhookId) : query.where('alert_id', '=', owner.alertId)
  ).execute();
  return rows.length;
}

describeApi('alert and webhook health fields', (ctx) => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
  });

  type AlertWithHealth = AlertJson & {
    last_fired_at: string | null;
    flagged_reason: string | null;
    target_healthy: boolean;
  };
  type WebhookWithHealth = WebhookJson & {
    failing_since: number | null;
    disabled_reason: string | null;
    health: string;
  };
  const alertById = async (id: string) =>
    (await sendJson(ctx(), account.token, 'GET', '/v1/alerts'))
      .json<AlertWithHealth[]>()
      .find((alert) => alert.alert_id === id);
  const webhookById = async (id: string) =>
    (await sendJson(ctx(), account.token, 'GET', '/v1/webhooks'))
      .json<WebhookWithHealth[]>()
      .find((item) => item.webhook_id === id);
  const setWebhook = (
    id: string,
    changes: {
      failing_since?: number | null;
      enabled?: number;
      disabled_reason?: string | null;
      first_delivered_at?: number | null;
    },
  ) => ctx().database.db.updateTable('webhooks').set(changes).where('id', '=', id).execute();

  it('a new alert: never fired, not flagged; chat without a bot token is not healthy, a working webhook is', async () => {
    const webhook = await createWebhook(ctx(), account);
    const chat = (await createAlert(ctx(), account, chatAlertBody())) as AlertWithHealth;
    const hooked = (await createAlert(ctx(), account, webhookAlertBody(webhook.webhook_id))) as AlertWithHealth;
    expect(chat).toMatchObject({ last_fired_at: null, flagged_reason: null, target_healthy: false });
    expect(hooked).toMatchObject({ last_fired_at: null, flagged_reason: null, target_healthy: true });
    expect(await webhookById(webhook.webhook_id)).toMatchObject({ failing_since: null, disabled_reason: null });
  });

  it('last_fired_at is the time the alert last fired, as ISO 8601', async () => {
    const alert = await createAlert(ctx(), account, chatAlertBody({ name: 'Fires' }));
    const row = await findAlertRow(ctx().database.db, account.accountId, alert.alert_id);
    const firedAt = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    await enqueueJsError(ctx().database.db, account, row ? [row] : [], firedAt);
    expect((await alertById(alert.alert_id))?.last_fired_at).toBe('2026-01-02T03:04:05.678Z');
  });

  it('a webhook failing for over an hour makes its alerts unhealthy; failing_since is Unix seconds', async () => {
    const webhook = await createWebhook(ctx(), account);
    const alert = await createAlert(ctx(), account, webhookAlertBody(webhook.webhook_id));
    const recently = Date.now() - 30 * 60_000;
    await setWebhook(webhook.webhook_id, { failing_since: recently });
    expect((await alertById(alert.alert_id))?.target_healthy).toBe(true);
    expect((await webhookById(webhook.webhook_id))?.failing_since).toBe(Math.floor(recently / 1000));
    await setWebhook(webhook.webhook_id, { failing_since: Date.now() - 61 * 60_000 });
    expect((await alertById(alert.alert_id))?.target_healthy).toBe(false);
  });

  it('a webhook says "no_deliveries" until a delivery succeeds, then "succeeding"; its alerts are healthy either way', async () => {
    const webhook = await createWebhook(ctx(), account);
    const alert = await createAlert(ctx(), account, webhookAlertBody(webhook.webhook_id));
    expect((await webhookById(webhook.webhook_id))?.health).toBe('no_deliveries');
    expect((await alertById(alert.alert_id))?.target_healthy).toBe(true);
    await setWebhook(webhook.webhook_id, { first_delivered_at: Date.now() });
    expect((await webhookById(webhook.webhook_id))?.health).toBe('succeeding');
  });

  it("an alert's target is failing exactly when its webhook's health is failing or disabled", async () => {
    const webhook = await createWebhook(ctx(), account);
    const alert = await createAlert(ctx(), account, webhookAlertBody(webhook.webhook_id));
    const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;
    const states: [Parameters<typeof setWebhook>[1], string][] = [
      [{ enabled: 1, failing_since: null, first_delivered_at: null }, 'no_deliveries'],
      [{ first_delivered_at: minutesAgo(600) }, 'succeeding'],
      [{ failing_since: minutesAgo(30) }, 'retrying'],
      [{ failing_since: minutesAgo(61) }, 'failing'],
      [{ enabled: 0, failing_since: null }, 'disabled'],
    ];
    for (const [changes, health] of states) {
      await setWebhook(webhook.webhook_id, changes);
      expect((await webhookById(webhook.webhook_id))?.health).toBe(health);
      const failing = health === 'failing' || health === 'disabled';
      expect((await alertById(alert.alert_id))?.target_healthy, health).toBe(!failing);
    }
  });

  it('switching a disabled webhook back on clears its failure state and the flags of its alerts', async () => {
    const webhook = await createWebhook(ctx(), account);
    const alert = await createAlert(ctx(), account, webhookAlertBody(webhook.webhook_id));
    await setWebhook(webhook.webhook_id, {
      enabled: 0,
      failing_since: Date.now() - 80 * 3_600_000,
      disabled_reason: 'No successful delivery for 3 days',
    });
    await ctx()
      .database.db.updateTable('alerts')
      .set({ flagged_reason: 'Its webhook was disabled' })
      .where('id', '=', alert.alert_id)
      .execute();
    expect(await alertById(alert.alert_id)).toMatchObject({
      target_healthy: false,
      flagged_reason: 'Its webhook was disabled',
    });
    expect(await webhookById(webhook.webhook_id)).toMatchObject({
      enabled: false,
      disabled_reason: 'No successful delivery for 3 days',
    });

    const response = await sendJson(ctx(), account.token, 'PUT', `/v1/webhooks/${webhook.webhook_id}?version=v1.0`, {
      url: webhook.url,
      website_id: webhook.website_id,
      version: 'v1.0',
      enabled: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ enabled: true, failing_since: null, disabled_reason: null });
    expect(await alertById(alert.alert_id)).toMatchObject({ target_healthy: true, flagged_reason: null });
  });
});

describeApi(
  'alert health with a chat bot configured',
  (ctx) => {
    it('a chat alert is healthy when the server has CHAT_BOT_TOKEN', async () => {
      const account = await ctx().newAccount();
      expect(await createAlert(ctx(), account, chatAlertBody())).toMatchObject({ target_healthy: true });
    });

    it('GET /v1/notifications/settings says chat is configured', async () => {
      const account = await ctx().newAccount();
      const response = await sendJson(ctx(), account.token, 'GET', '/v1/notifications/settings');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ chat: { configured: true, required_settings: ['CHAT_BOT_TOKEN'] } });
    });
  },
  { CHAT_BOT_TOKEN: 'xoxb-test' },
);

describeApi('GET /v1/notifications/settings', (ctx) => {
  it('says chat is not configured without CHAT_BOT_TOKEN, and what to set; the token itself never shows', async () => {
    const account = await ctx().newAccount();
    const response = await sendJson(ctx(), account.token, 'GET', '/v1/notifications/settings');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ chat: { configured: false, required_settings: ['CHAT_BOT_TOKEN'] } });
  });

  it('needs alerts:read', async () => {
    const account = await ctx().newAccount();
    const token = await account.tokenWith(['webhooks:read']);
    expectError(await sendJson(ctx(), token, 'GET', '/v1/notifications/settings'), 403, {
      type: 'authorization_error',
      code: 'insufficient_scope',
      param: null,
    });
    expectError(await sendJson(ctx(), null, 'GET', '/v1/notifications/settings'), 401, {
      type: 'authentication_error',
      param: null,
    });
  });
});

describe('delivery routes: authentication and scopes', () => {
  describeApi('access', (ctx) => {
    interface Fixture {
      account: TestAccount;
      webhook: WebhookJson;
      alert: AlertJson;
      deliveryId: string;
    }
    describeRefusalsChangeNothing<Fixture>(ctx, async () => {
      const account = await ctx().newAccount();
      const webhook = await createWebhook(ctx(), account);
      const alert = await createAlert(ctx(), account, webhookAlertBody(webhook.webhook_id));
      const queued = await sendJson(ctx(), account.token, 'POST', `/v1/webhooks/${webhook.webhook_id}/test`);
      return { account, webhook, alert, deliveryId: queued.json<{ delivery_id: string }>().delivery_id };
    }, [
      {
        method: 'GET',
        pattern: '/v1/webhooks/:id/deliveries',
        path: ({ webhook }) => `/v1/webhooks/${webhook.webhook_id}/deliveries`,
        scope: 'webhooks:read',
      },
      {
        method: 'GET',
        pattern: '/v1/alerts/:id/deliveries',
        path: ({ alert }) => `/v1/alerts/${alert.alert_id}/deliveries`,
        scope: 'alerts:read',
      },
      {
        method: 'POST',
        pattern: '/v1/webhooks/:id/test',
        path: ({ webhook }) => `/v1/webhooks/${webhook.webhook_id}/test`,
        scope: 'webhooks:write',
        unchanged: async ({ webhook }) => expect(await messagesTo(ctx(), { webhookId: webhook.webhook_id })).toBe(1),
      },
      {
        method: 'POST',
        pattern: '/v1/alerts/:id/test',
        path: ({ alert }) => `/v1/alerts/${alert.alert_id}/test`,
        scope: 'alerts:write',
        unchanged: async ({ alert }) => expect(await messagesTo(ctx(), { alertId: alert.alert_id })).toBe(0),
      },
      {
        method: 'POST',
        pattern: '/v1/deliveries/:id/redeliver',
        path: ({ deliveryId }) => `/v1/deliveries/${deliveryId}/redeliver`,
        scope: 'webhooks:write',
      },
    ]);
  });
});
