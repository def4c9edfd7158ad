import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AlertJson,
  chatAlertBody,
  createAlert,
  createWebhook,
  listAlerts,
  webhookAlertBody,
} from '../../../test/alerts-and-webhooks.ts';
import { sendJson, sendRaw } from '../../../test/api-requests.ts';
import { ISO_UTC, expectError } from '../../../test/api-responses.ts';
import { type BadBodyCase, itRefusesUnreadableBodies } from '../../../test/refused-bodies.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import { ALERT_FIELDS, alertFieldRuleCases, event, events } from '../test-support/alert-bodies.ts';

const ALL_KINDS = [5, 6, 20, 21, 24, 25, 26, 29, 30];

describeApi('POST /v1/alerts', (ctx) => {
  let account: TestAccount;
  let other: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
    other = await ctx().newAccount();
  });

  describe('creates', () => {
    it('a chat alert: 201 with the full Alert, enabled, created now', async () => {
      const before = Date.now();
      const response = await sendJson(ctx(), account.token, 'POST', '/v1/alerts', chatAlertBody());
      const after = Date.now();
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['x-request-id']).toMatch(/^req_[0-9A-Za-z]+$/);
      const alert = response.json<AlertJson>();
      expect(Object.keys(alert).sort()).toEqual([...ALERT_FIELDS].sort());
      expect(alert).toEqual({
        alert_id: expect.stringMatching(/^\S{8,64}$/),
        name: 'Checkout errors',
        events: [{ kind: 25, value: 'TypeError' }],
        provider: 'chat',
        chat_channel_id: 'C0123CHECKOUT',
        slack_channel_id: 'C0123CHECKOUT',
        webhook_id: null,
        enabled: true,
        creation_date: expect.stringMatching(ISO_UTC),
        last_fired_at: null,
        flagged_reason: null,
        // The test server has no chat bot token, so a chat target cannot be reached.
        target_healthy: false,
        quiet_period_minutes: 5,
        snoozed_until: null,
        suppressed_count: 0,
        suppressed_since: null,
        threshold_count: null,
        threshold_window_minutes: null,
      });
      const created = Date.parse(alert.creation_date);
      expect(created).toBeGreaterThanOrEqual(before - 1000);
      expect(created).toBeLessThanOrEqual(after + 1000);
    });

    it('returns what the list then shows', async () => {
      const alert = await createAlert(ctx(), account, chatAlertBody({ name: 'Listed' }));
      expect((await listAlerts(ctx(), account)).find((listed) => listed.alert_id === alert.alert_id)).toEqual(alert);
    });

    it('gives every alert its own id', async () => {
      const first = await createAlert(ctx(), account);
      const second = await createAlert(ctx(), account);
      expect(second.alert_id).not.toBe(first.alert_id);
    });

    it('trims the name', async () => {
      const alert = await createAlert(ctx(), account, chatAlertBody({ name: '  \t Checkout errors  ' }));
      expect(alert.name).toBe('Checkout errors');
    });

    it('accepts a name of exactly 100 characters', async () => {
      const name = 'n'.repeat(100);
      expect((await createAlert(ctx(), account, chatAlertBody({ name }))).name).toBe(name);
    });

    it('counts the name length after trimming (100 characters padded with spaces)', async () => {
      const name = 'p'.repeat(100);
      const response = await sendJson(
        ctx(),
        account.token,
        'POST',
        '/v1/alerts',
        chatAlertBody({ name: `  ${name}  ` }),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<AlertJson>().name).toBe(name);
    });

    it('accepts every event kind, keeping the order of events', async () => {
      const sent = ALL_KINDS.map((kind) => event(kind, kind === 21 ? '3' : `v${kind}`));
      const alert = await createAlert(ctx(), account, chatAlertBody({ events: sent }));
      expect(alert.events).toEqual(sent);
    });

    it('accepts 20 events, an empty value and a value of 256 characters', async () => {
      const sent = [...events(18), event(26, ''), event(29, 'u'.repeat(256))];
      expect((await createAlert(ctx(), account, chatAlertBody({ events: sent }))).events).toEqual(sent);
    });

    it.each(['3', '100', '42'])('accepts a rage click threshold of %s', async (value) => {
      const alert = await createAlert(ctx(), account, chatAlertBody({ events: [event(21, value)] }));
      expect(alert.events).toEqual([event(21, value)]);
    });

    it('accepts a #name of 80 characters as chat_channel_id', async () => {
      const channel = `#${'c'.repeat(80)}`;
      expect((await createAlert(ctx(), account, chatAlertBody({ chat_channel_id: channel }))).chat_channel_id).toBe(
        channel,
      );
    });

    it('a webhooks alert, nulling a chat_channel_id sent along', async () => {
      const webhook = await createWebhook(ctx(), account);
      const alert = await createAlert(
        ctx(),
        account,
        webhookAlertBody(webhook.webhook_id, { chat_channel_id: 'C-ignored' }),
      );
      expect(alert).toMatchObject({
        provider: 'webhooks',
        webhook_id: webhook.webhook_id,
        chat_channel_id: null,
        enabled: true,
      });
      const listed = (await listAlerts(ctx(), account)).find((item) => item.alert_id === alert.alert_id);
      expect(listed?.chat_channel_id).toBeNull();
    });

    it('a chat alert, nulling a webhook_id sent along', async () => {
      const webhook = await createWebhook(ctx(), account);
      const alert = await createAlert(ctx(), account, chatAlertBody({ webhook_id: webhook.webhook_id }));
      expect(alert).toMatchObject({ provider: 'chat', chat_channel_id: 'C0123CHECKOUT', webhook_id: null });
      const listed = (await listAlerts(ctx(), account)).find((item) => item.alert_id === alert.alert_id);
      expect(listed?.webhook_id).toBeNull();
    });
  });

  describe('refuses', () => {
    let countBefore: number;
    let othersWebhookId: string;
    beforeAll(async () => {
      countBefore = (await listAlerts(ctx(), account)).length;
      othersWebhookId = (await createWebhook(ctx(), other)).webhook_id;
    });

    it.each(alertFieldRuleCases)('$name: 400 on $param', async ({ body, param, code }) => {
      const response = await sendJson(
        ctx(),
        account.token,
        'POST',
        '/v1/alerts',
        chatAlertBody(body as Record<string, unknown>),
      );
      expectError(response, 400, { type: 'validation_error', param, ...(code ? { code } : {}) });
    });

    const providerCases: (BadBodyCase & { body: () => Record<string, unknown> })[] = [
      {
        name: 'chat without chat_channel_id',
        body: () => chatAlertBody({ chat_channel_id: undefined }),
        param: 'chat_channel_id',
        code: 'required',
      },
      {
        name: 'chat with a null chat_channel_id',
        body: () => chatAlertBody({ chat_channel_id: null }),
        param: 'chat_channel_id',
        code: 'required',
      },
      {
        name: 'webhooks without webhook_id',
        body: () => webhookAlertBody('x', { webhook_id: undefined }),
        param: 'webhook_id',
        code: 'required',
      },
      {
        name: 'webhooks with a null webhook_id',
        body: () => webhookAlertBody('x', { webhook_id: null }),
        param: 'webhook_id',
        code: 'required',
      },
      {
        name: 'webhooks without webhook_id but with chat_channel_id',
        body: () => webhookAlertBody('x', { webhook_id: undefined, chat_channel_id: 'C1' }),
        param: 'webhook_id',
        code: 'required',
      },
      {
        name: 'an unknown webhook_id',
        body: () => webhookAlertBody('whk_doesNotExist0000000000'),
        param: 'webhook_id',
      },
      { name: "another account's webhook_id", body: () => webhookAlertBody(othersWebhookId), param: 'webhook_id' },
      { name: 'no name', body: () => chatAlertBody({ name: undefined }), param: 'name', code: 'required' },
      { name: 'no events', body: () => chatAlertBody({ events: undefined }), param: 'events', code: 'required' },
      { name: 'no provider', body: () => chatAlertBody({ provider: undefined }), param: 'provider', code: 'required' },
      {
        name: 'enabled (update only)',
        body: () => chatAlertBody({ enabled: false }),
        param: 'enabled',
        code: 'unknown_parameter',
      },
    ];
    it.each(providerCases)('$name: 400 on $param', async ({ body, param, code }) => {
      const response = await sendJson(ctx(), account.token, 'POST', '/v1/alerts', body());
      expectError(response, 400, { type: 'validation_error', param, ...(code ? { code } : {}) });
    });

    it('the provider rule in the words of the contract', async () => {
      const response = await sendJson(
        ctx(),
        account.token,
        'POST',
        '/v1/alerts',
        chatAlertBody({ chat_channel_id: undefined }),
      );
      expectError(response, 400, {
        type: 'validation_error',
        code: 'required',
        param: 'chat_channel_id',
        message: 'chat_channel_id',
      });
    });

    itRefusesUnreadableBodies(ctx, () => ({ token: account.token, method: 'POST', url: '/v1/alerts' }));

    it('and none of the refused requests created an alert', async () => {
      expect(await listAlerts(ctx(), account)).toHaveLength(countBefore);
    });
  });

  it('accepts a JSON content-type with a charset', async () => {
    const response = await sendRaw(
      ctx(),
      account.token,
      'POST',
      '/v1/alerts',
      JSON.stringify(chatAlertBody()),
      'application/json; charset=utf-8',
    );
    expect(response.statusCode, response.body).toBe(201);
  });
});
