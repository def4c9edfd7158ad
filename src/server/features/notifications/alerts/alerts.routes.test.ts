import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AlertJson,
  type BadBodyCase,
  ISO_UTC,
  NON_OBJECT_BODIES,
  UNREADABLE_BODIES,
  chatAlertBody,
  createAlert,
  createWebhook,
  describeRefusalsChangeNothing,
  expectError,
  expectSameErrorApartFromRequestId,
  listAlerts,
  sendJson,
  sendRaw,
  webhookAlertBody,
} from '../../../test/api-helpers.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';

const ALERT_FIELDS = [
  'threshold_count',
  'threshold_window_minutes',
  'snoozed_until',
  'quiet_period_minutes',
  'suppressed_count',
  'suppressed_since',
  'alert_id',
  'name',
  'events',
  'provider',
  'chat_channel_id',
  'webhook_id',
  'enabled',
  'creation_date',
  // Additions for delivery (decisions.md §8).
  'last_fired_at',
  'flagged_reason',
  'target_healthy',
  // The channel under the hosted service's name.
  'slack_channel_id',
];
const ALL_KINDS = [5, 6, 20, 21, 24, 25, 26, 29, 30];

const event = (kind: number, value = '') => ({ kind, value });
/** `count` valid events, the last one replaced by `last` when given. */
const events = (count: number, last?: unknown) => [
  ...Array.from({ length: count - 1 }, (_, i) => event(5, `button ${i}`)),
  last ?? event(5, 'last'),
];

/** Rules every alert body (create or update) must pass, stated as fields to send and the param at fault. */
const fieldRuleCases: BadBodyCase[] = [
  { name: 'an empty name', body: { name: '' }, param: 'name' },
  { name: 'a blank name', body: { name: '   \t ' }, param: 'name' },
  { name: 'a name of 101 characters', body: { name: 'n'.repeat(101) }, param: 'name' },
  { name: 'no events', body: { events: [] }, param: 'events' },
  { name: '21 events', body: { events: events(21) }, param: 'events' },
  ...[0, 1, 7, 22, 31, -5, 1000].map((kind) => ({
    name: `event kind ${kind}`,
    body: { events: events(2, event(kind)) },
    param: 'events.1.kind',
  })),
  { name: 'a fractional kind', body: { events: [event(5.5)] }, param: 'events.0.kind' },
  { name: 'a value of 257 characters', body: { events: [event(5, 'v'.repeat(257))] }, param: 'events.0.value' },
  ...['2', '101', 'abc', '', ' ', '3.5', '-5', '1e2', '0x10', '1000'].map((value) => ({
    name: `rage click value ${JSON.stringify(value)}`,
    body: { events: events(3, event(21, value)) },
    param: 'events.2.value',
  })),
  { name: 'an unknown provider', body: { provider: 'email' }, param: 'provider' },
  { name: 'an empty chat_channel_id', body: { chat_channel_id: '' }, param: 'chat_channel_id' },
  {
    name: 'a chat_channel_id of 82 characters',
    body: { chat_channel_id: `#${'c'.repeat(81)}` },
    param: 'chat_channel_id',
  },
  // JSON types: bodies are not coerced.
  { name: 'a numeric name', body: { name: 5 }, param: 'name' },
  { name: 'events as a string', body: { events: 'x' }, param: 'events' },
  { name: 'an event as a string', body: { events: ['x'] }, param: 'events.0' },
  { name: 'a kind sent as a string', body: { events: [{ kind: '5', value: '' }] }, param: 'events.0.kind' },
  { name: 'a numeric value', body: { events: [{ kind: 21, value: 5 }] }, param: 'events.0.value' },
  { name: 'a numeric provider', body: { provider: 1 }, param: 'provider' },
  { name: 'a numeric chat_channel_id', body: { chat_channel_id: 5 }, param: 'chat_channel_id' },
  { name: 'an event without kind', body: { events: [{ value: 'x' }] }, param: 'events.0.kind', code: 'required' },
  // Unknown fields, at the top and nested.
  { name: 'an unknown field', body: { colour: 'red' }, param: 'colour', code: 'unknown_parameter' },
  {
    name: 'an unknown event field',
    body: { events: [{ kind: 5, value: '', extra: 1 }] },
    param: 'events.0.extra',
    code: 'unknown_parameter',
  },
  { name: 'a returned-only field', body: { alert_id: 'alr_x' }, param: 'alert_id', code: 'unknown_parameter' },
];

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

    it.each(fieldRuleCases)('$name: 400 on $param', async ({ body, param, code }) => {
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

    it.each(UNREADABLE_BODIES)('$name: $status', async ({ payload, contentType, status, code }) => {
      const response = await sendRaw(ctx(), account.token, 'POST', '/v1/alerts', payload, contentType);
      expectError(response, status, { type: 'validation_error', code });
    });

    it.each(NON_OBJECT_BODIES)('$name as the body: 400', async ({ payload }) => {
      const response = await sendRaw(ctx(), account.token, 'POST', '/v1/alerts', payload, 'application/json');
      expectError(response, 400, { type: 'validation_error' });
    });

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
    it.each([...fieldRuleCases, ...updateOnlyCases])('$name: 400 on $param', async ({ body, param, code }) => {
      const response = await update(target.alert_id, body);
      expectError(response, 400, { type: 'validation_error', param, ...(code ? { code } : {}) });
    });

    it.each(UNREADABLE_BODIES)('$name: $status', async ({ payload, contentType, status, code }) => {
      const response = await sendRaw(
        ctx(),
        account.token,
        'PUT',
        `/v1/alerts/${target.alert_id}`,
        payload,
        contentType,
      );
      expectError(response, status, { type: 'validation_error', code });
    });

    it.each(NON_OBJECT_BODIES)('$name as the body: 400', async ({ payload }) => {
      const response = await sendRaw(
        ctx(),
        account.token,
        'PUT',
        `/v1/alerts/${target.alert_id}`,
        payload,
        'application/json',
      );
      expectError(response, 400, { type: 'validation_error' });
    });

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
