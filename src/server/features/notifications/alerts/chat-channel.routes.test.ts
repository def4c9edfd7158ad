/**
 * The chat channel of an alert is checked when it is set: its form always; with a bot token, that
 * the bot can post there, asked of a Slack-compatible API on 127.0.0.1.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AlertJson,
  chatAlertBody,
  createAlert,
  createWebhook,
  webhookAlertBody,
} from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { expectError } from '../../../test/api-responses.ts';
import { type TestAccount, type TestContext, describeApi } from '../../../test/harness.ts';
import { startFakeChatApi, unreachableUrl } from '../test-support/fake-chat-api.ts';

const TOKEN = 'xoxb-channel-check';

const chatApi = await startFakeChatApi(TOKEN);
afterAll(() => chatApi.close());

const CHANNELS = [
  { id: 'C0GENERAL', name: 'general', is_member: true },
  { id: 'C0RANDOM', name: 'random', is_member: true },
  { id: 'C0LOBBY', name: 'lobby', is_member: false },
  { id: 'G0PRIVATE', name: 'ops-private', is_member: true },
  { id: 'C0ALERTS', name: 'checkout-alerts', is_member: true },
];

function create(ctx: TestContext, account: TestAccount, body: Record<string, unknown>) {
  return sendJson(ctx, account.token, 'POST', '/v1/alerts', chatAlertBody(body));
}

describeApi('alert chat channels without a bot token: checked for form', (ctx) => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await ctx().newAccount();
  });

  it.each(['C0123ABCD', 'G01PRIVATE', 'D0DIRECT1', '#general', '#checkout_alerts-2'])('accepts %s', async (channel) => {
    const alert = await createAlert(ctx(), account, chatAlertBody({ chat_channel_id: channel }));
    expect(alert).toMatchObject({ chat_channel_id: channel, slack_channel_id: channel });
  });

  it.each(['general', 'c0123abcd', 'U0123ABCD', 'C-OPS', '#General', '#ops alerts', ' #ops', '#'])(
    'refuses %j with a 400 naming chat_channel_id, or slack_channel_id when sent under that name',
    async (channel) => {
      const viaChat = expectError(await create(ctx(), account, { chat_channel_id: channel }), 400, {
        type: 'validation_error',
        code: 'invalid_value',
        param: 'chat_channel_id',
      });
      expect(viaChat.message).toMatch(/C0123ABCD/);
      const { chat_channel_id: _omitted, ...body } = chatAlertBody({ provider: 'slack', slack_channel_id: channel });
      expectError(await sendJson(ctx(), account.token, 'POST', '/v1/alerts', body), 400, {
        type: 'validation_error',
        code: 'invalid_value',
        param: 'slack_channel_id',
      });
    },
  );

  it('refuses a badly formed channel on update, keeping the alert as it was', async () => {
    const alert = await createAlert(ctx(), account, chatAlertBody());
    expectError(
      await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alert.alert_id}`, { slack_channel_id: 'support' }),
      400,
      { type: 'validation_error', code: 'invalid_value', param: 'slack_channel_id' },
    );
    const list = await sendJson(ctx(), account.token, 'GET', '/v1/alerts');
    expect(list.json<AlertJson[]>().find((item) => item.alert_id === alert.alert_id)).toEqual(alert);
  });

  it('ignores the channel of a webhooks alert, as before', async () => {
    const webhook = await createWebhook(ctx(), account);
    const alert = await createAlert(ctx(), account, webhookAlertBody(webhook.webhook_id, { chat_channel_id: 'junk' }));
    expect(alert.chat_channel_id).toBeNull();
  });
});

describeApi(
  'alert chat channels with a bot token: looked up in the chat API',
  (ctx) => {
    let account: TestAccount;
    beforeAll(async () => {
      account = await ctx().newAccount();
    });
    beforeEach(() => {
      chatApi.channels = CHANNELS.map((channel) => ({ ...channel }));
      chatApi.requests.length = 0;
      chatApi.answer = null;
    });

    it('accepts a channel id the bot is in, asking conversations.info with the bot token', async () => {
      const alert = await createAlert(ctx(), account, chatAlertBody({ chat_channel_id: 'C0GENERAL' }));
      expect(alert.chat_channel_id).toBe('C0GENERAL');
      expect(chatApi.requests).toHaveLength(1);
      expect(chatApi.requests[0]).toMatchObject({ method: 'conversations.info', authorization: `Bearer ${TOKEN}` });
      expect(chatApi.requests[0]?.params.get('channel')).toBe('C0GENERAL');
    });

    it('refuses an unknown channel id: 400 channel_not_found on the field sent', async () => {
      const error = expectError(await create(ctx(), account, { chat_channel_id: 'C0NOWHERE' }), 400, {
        type: 'validation_error',
        code: 'channel_not_found',
        param: 'chat_channel_id',
      });
      expect(error.message).toContain('C0NOWHERE');
      const { chat_channel_id: _omitted, ...body } = chatAlertBody({ slack_channel_id: 'C0NOWHERE' });
      expectError(await sendJson(ctx(), account.token, 'POST', '/v1/alerts', body), 400, {
        type: 'validation_error',
        code: 'channel_not_found',
        param: 'slack_channel_id',
      });
    });

    it('refuses a channel the bot is not in: 400 not_in_channel, saying to invite it', async () => {
      const error = expectError(await create(ctx(), account, { chat_channel_id: 'C0LOBBY' }), 400, {
        type: 'validation_error',
        code: 'not_in_channel',
        param: 'chat_channel_id',
      });
      expect(error.message).toMatch(/invite/);
    });

    it('resolves a #name through every page of conversations.list', async () => {
      const alert = await createAlert(ctx(), account, chatAlertBody({ chat_channel_id: '#checkout-alerts' }));
      // Stored as given: chat.postMessage takes a name as well as an id.
      expect(alert.chat_channel_id).toBe('#checkout-alerts');
      expect(chatApi.requests.map((request) => request.method)).toEqual([
        'conversations.list',
        'conversations.list',
        'conversations.list',
      ]);
      expect(chatApi.requests.map((request) => request.params.get('cursor'))).toEqual([null, '2', '4']);
      expect(chatApi.requests[0]?.params.get('types')).toBe('public_channel,private_channel');
    });

    it('refuses a #name in no page (channel_not_found) or of a channel without the bot (not_in_channel)', async () => {
      expectError(await create(ctx(), account, { chat_channel_id: '#nowhere' }), 400, {
        type: 'validation_error',
        code: 'channel_not_found',
        param: 'chat_channel_id',
      });
      expect(chatApi.requests).toHaveLength(3);
      expectError(await create(ctx(), account, { chat_channel_id: '#lobby' }), 400, {
        type: 'validation_error',
        code: 'not_in_channel',
        param: 'chat_channel_id',
      });
    });

    it('checks a channel set by an update, and not one kept from before', async () => {
      const alert = await createAlert(ctx(), account, chatAlertBody({ chat_channel_id: 'C0GENERAL' }));
      chatApi.requests.length = 0;
      const renamed = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alert.alert_id}`, { name: 'Renamed' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(chatApi.requests).toHaveLength(0);

      expectError(
        await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alert.alert_id}`, { chat_channel_id: 'C0LOBBY' }),
        400,
        { type: 'validation_error', code: 'not_in_channel', param: 'chat_channel_id' },
      );
      const moved = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alert.alert_id}`, {
        slack_channel_id: '#random',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<AlertJson>().chat_channel_id).toBe('#random');
    });

    it('checks the stored channel when an update switches a webhooks alert to chat', async () => {
      const webhook = await createWebhook(ctx(), account);
      const alert = await createAlert(ctx(), account, webhookAlertBody(webhook.webhook_id));
      expectError(
        await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alert.alert_id}`, {
          provider: 'chat',
          chat_channel_id: 'C0NOWHERE',
        }),
        400,
        { type: 'validation_error', code: 'channel_not_found', param: 'chat_channel_id' },
      );
    });

    describe('when the chat API cannot say, the alert is accepted (deliveries report any problem)', () => {
      it.each([
        ['an outage (HTTP 503)', { status: 503, body: '' }],
        ['a refused token', { status: 200, body: JSON.stringify({ ok: false, error: 'invalid_auth' }) }],
        ['a missing scope', { status: 200, body: JSON.stringify({ ok: false, error: 'missing_scope' }) }],
        ['an answer that is not JSON', { status: 200, body: '<html>' }],
      ])('%s', async (_case, answer) => {
        chatApi.answer = answer;
        const alert = await createAlert(ctx(), account, chatAlertBody({ chat_channel_id: 'C0NOWHERE' }));
        expect(alert.chat_channel_id).toBe('C0NOWHERE');
        expect(chatApi.requests).toHaveLength(1);
      });

      it('still refuses a badly formed channel without asking', async () => {
        chatApi.answer = { status: 503, body: '' };
        expectError(await create(ctx(), account, { chat_channel_id: 'general' }), 400, {
          type: 'validation_error',
          param: 'chat_channel_id',
        });
        expect(chatApi.requests).toHaveLength(0);
      });
    });
  },
  { CHAT_BOT_TOKEN: TOKEN, CHAT_API_URL: chatApi.url },
);

describeApi(
  'alert chat channels with an unreachable chat API',
  (ctx) => {
    it('accepts a well formed channel', async () => {
      const account = await ctx().newAccount();
      const alert = await createAlert(ctx(), account, chatAlertBody({ chat_channel_id: '#general' }));
      expect(alert.chat_channel_id).toBe('#general');
    });
  },
  { CHAT_BOT_TOKEN: TOKEN, CHAT_API_URL: await unreachableUrl() },
);
