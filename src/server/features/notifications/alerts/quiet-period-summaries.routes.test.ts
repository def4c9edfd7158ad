import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitorId, recordVisit } from '../../../compat/visits.ts';
import { publicKeyOf } from '../../../test/tracker-ids.ts';
import { type AlertJson, createAlert } from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import type { DeliveryBody } from '../outbox/delivery-payload.ts';
import { listedAlert, outboxMessagesOf } from '../test-support/alert-messages.ts';
import { type Receiver, startReceiver } from '../test-support/receiver.ts';
import { chatMessage } from '../transports/chat-message.ts';
import { testWorker } from '../test-support/worker-kit.ts';
import { JS_ERROR, type QuietAlert, endQuietPeriod } from './quiet-period-fixtures.ts';

describeApi(
  'alert quiet periods: summaries',
  (ctx) => {
    let account: TestAccount;
    let key: string;
    let receiver: Receiver;
    beforeAll(async () => {
      account = await ctx().newAccount();
      key = await publicKeyOf(ctx(), account.websiteId);
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());

    async function webhookAlert(): Promise<AlertJson> {
      const path = `/hook-${crypto.randomBytes(4).toString('hex')}`;
      const webhook = await sendJson(ctx(), account.token, 'POST', '/v1/webhooks', {
        url: `${receiver.url}${path}`,
        website_id: account.websiteId,
        version: 'v1.0',
      });
      expect(webhook.statusCode, webhook.body).toBe(201);
      return createAlert(ctx(), account, {
        name: 'Checkout errors',
        events: [{ kind: 25, value: 'TypeError' }],
        provider: 'webhooks',
        webhook_id: webhook.json<{ webhook_id: string }>().webhook_id,
      });
    }

    it('when the period ends, a worker started afterwards sends one summary: the latest match and the count of the others', async () => {
      const alert = await webhookAlert();
      await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
      await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR, JS_ERROR]);
      const lastVisitor = newVisitorId();
      const lastSession = await recordVisit(ctx(), key, lastVisitor, [{ kind: 25, message: 'TypeError: the latest' }]);

      // Nothing due yet: the worker sends only the first message.
      const early = testWorker(ctx().database, { config: ctx().config });
      try {
        await early.runOnce();
      } finally {
        await early.stop();
      }
      expect(await outboxMessagesOf(ctx(), alert.alert_id)).toHaveLength(1);

      await endQuietPeriod(ctx(), alert.alert_id);
      const since = (await listedAlert<QuietAlert>(ctx(), account, alert.alert_id)).suppressed_since;
      // Two workers at once, as after a restart with several processes: exactly one summary.
      const workers = [1, 2].map(() => testWorker(ctx().database, { config: ctx().config }));
      try {
        await Promise.all(workers.map((worker) => worker.runOnce()));
        await receiver.waitForRequests(2);
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }
      const messages = await outboxMessagesOf(ctx(), alert.alert_id);
      expect(messages).toHaveLength(2);
      expect(messages[1]).toMatchObject({
        suppressed_count: 2,
        suppressed_since: Math.floor(Date.parse(since ?? '') / 1000),
        payload: { session_id: lastSession, message: 'TypeError: the latest', visitor: { id: lastVisitor } },
      });
      const delivered = receiver.requests.map((request) => JSON.parse(request.body) as DeliveryBody);
      expect(delivered.filter((body) => body.alert.alert_id === alert.alert_id)).toHaveLength(2);
      expect(await listedAlert<QuietAlert>(ctx(), account, alert.alert_id)).toMatchObject({
        suppressed_count: 0,
        suppressed_since: null,
      });

      // The summary started a new quiet period: the next match is held back again.
      await recordVisit(ctx(), key, newVisitorId(), [JS_ERROR]);
      expect(await outboxMessagesOf(ctx(), alert.alert_id)).toHaveLength(2);
      expect((await listedAlert<QuietAlert>(ctx(), account, alert.alert_id)).suppressed_count).toBe(1);
    });
  },
  { ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' },
);

describe('chat messages of folded matches', () => {
  it('say how many more and since when', () => {
    const body = {
      message_id: 'msg_1',
      webhook_id: null,
      webhook_type: 'session.event',
      api_version: 'v1.0',
      account_id: 'acc_1',
      website_id: 'web_1',
      created_at: 0,
      alert: { alert_id: 'alr_1', name: 'Checkout errors' },
      payload: {
        event_name: 'JSError',
        time: 0,
        session_id: 'ses_1',
        session_url: 'https://app.example.test/sessions/ses_1',
        visitor: {
          id: 'vis_1',
          name: '',
          email: '',
          params: [],
          geolocation: { country_code: '', city: '', region: '' },
        },
        message: 'TypeError',
      },
      suppressed_count: 143,
      suppressed_since: Date.parse('2026-11-23T12:04:30Z') / 1000,
    } satisfies DeliveryBody;
    expect(chatMessage('C1', body).text).toContain('Checkout errors: JSError (TypeError) and 143 more since 12:04 UTC');
  });
});
