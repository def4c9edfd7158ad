import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AlertJson,
  type WebhookJson,
  chatAlertBody,
  createAlert,
  createWebhook,
  webhookAlertBody,
} from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { ISO_UTC, expectError, expectSameErrorApartFromRequestId } from '../../../test/api-responses.ts';
import { type TestAccount, type TestContext, describeApi } from '../../../test/harness.ts';
import type { DeliveryResource } from '../../../../api/schemas/deliveries.ts';
import type { DeliveryBody } from '../outbox/delivery-payload.ts';
import { type Receiver, startReceiver } from '../test-support/receiver.ts';
import { testWorker } from '../test-support/worker-kit.ts';

const LOCAL_TARGETS = { ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' };

/** Runs one worker round on the app's database, as the server's worker would. */
async function deliverDue(ctx: TestContext): Promise<void> {
  const worker = testWorker(ctx.database, { config: ctx.config });
  try {
    await worker.runOnce();
  } finally {
    await worker.stop();
  }
}

async function storedSecret(ctx: TestContext, webhookId: string): Promise<string> {
  return (
    await ctx.database.db.selectFrom('webhooks').select('secret').where('id', '=', webhookId).executeTakeFirstOrThrow()
  ).secret;
}

describeApi(
  'delivery routes',
  (ctx) => {
    let account: TestAccount;
    let receiver: Receiver;
    let webhook: WebhookJson;

    beforeAll(async () => {
      receiver = await startReceiver();
      account = await ctx().newAccount();
      webhook = await createWebhook(ctx(), account, { url: `${receiver.url}/hook` });
      receiver.secret = await storedSecret(ctx(), webhook.webhook_id);
    });
    afterAll(async () => receiver?.close());

    const deliveries = async (path: string): Promise<DeliveryResource[]> => {
      const response = await sendJson(ctx(), account.token, 'GET', path);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<DeliveryResource[]>();
    };

    it('POST /v1/webhooks/{id}/test: 202 with the message id; the worker sends a signed sample marked test', async () => {
      const response = await sendJson(ctx(), account.token, 'POST', `/v1/webhooks/${webhook.webhook_id}/test`);
      expect(response.statusCode, response.body).toBe(202);
      const queued = response.json<{ delivery_id: string; status: string }>();
      expect(queued).toEqual({ delivery_id: expect.stringMatching(/^msg_/), status: 'pending' });

      const before = receiver.requests.length;
      await deliverDue(ctx());
      const request = receiver.requests.find((item) => item.webhookId === queued.delivery_id);
      expect(receiver.requests.length).toBeGreaterThan(before);
      expect(request?.verified, request?.verifyError ?? '').toBe(true);
      const body = JSON.parse(request?.body ?? '{}') as DeliveryBody;
      expect(body).toMatchObject({
        message_id: queued.delivery_id,
        webhook_id: webhook.webhook_id,
        webhook_type: 'session.event',
        api_version: 'v1.0',
        account_id: account.accountId,
        website_id: account.websiteId,
        test: true,
        payload: {
          event_name: 'JSError',
          session_url: 'https://app.example.test/sessions/ses_sample',
          visitor: { name: 'Ada Lovelace' },
        },
      });

      const [latest] = await deliveries(`/v1/webhooks/${webhook.webhook_id}/deliveries`);
      expect(latest).toEqual({
        delivery_id: queued.delivery_id,
        alert_id: null,
        webhook_id: webhook.webhook_id,
        chat_channel_id: null,
        event_name: 'JSError',
        test: true,
        status: 'delivered',
        attempts: 1,
        created_at: expect.stringMatching(ISO_UTC),
        delivered_at: expect.stringMatching(ISO_UTC),
        next_attempt_at: null,
        last_error: null,
        attempt_history: [
          {
            attempted_at: expect.stringMatching(ISO_UTC),
            status_code: 200,
            duration_ms: expect.any(Number),
            error: null,
            next_attempt_at: null,
          },
        ],
        // A test's session is a sample: nothing to link to.
        session_id: null,
        session_url: null,
      });
    });

    it("POST /v1/alerts/{id}/test goes where the alert sends, with the alert's name and event; both logs show it", async () => {
      const alert = await createAlert(
        ctx(),
        account,
        webhookAlertBody(webhook.webhook_id, { name: 'Rage on pricing' }),
      );
      const response = await sendJson(ctx(), account.token, 'POST', `/v1/alerts/${alert.alert_id}/test`);
      expect(response.statusCode, response.body).toBe(202);
      const { delivery_id: id } = response.json<{ delivery_id: string }>();
      await deliverDue(ctx());

      const request = receiver.requests.find((item) => item.webhookId === id);
      expect(request?.verified).toBe(true);
      const body = JSON.parse(request?.body ?? '{}') as DeliveryBody;
      expect(body).toMatchObject({
        alert: { alert_id: alert.alert_id, name: 'Rage on pricing' },
        test: true,
        payload: { event_name: 'RageClick', click_count: 7 },
      });

      const fromAlert = await deliveries(`/v1/alerts/${alert.alert_id}/deliveries`);
      expect(fromAlert.map((item) => [item.delivery_id, item.status, item.alert_id, item.test])).toEqual([
        [id, 'delivered', alert.alert_id, true],
      ]);
      expect(
        (await deliveries(`/v1/webhooks/${webhook.webhook_id}/deliveries`)).map((item) => item.delivery_id),
      ).toContain(id);
      // A test is not an event: the alert has not fired.
      const listed = (await sendJson(ctx(), account.token, 'GET', '/v1/alerts')).json<
        (AlertJson & { last_fired_at: string | null })[]
      >();
      expect(listed.find((item) => item.alert_id === alert.alert_id)?.last_fired_at).toBeNull();
    });

    it('a chat alert tested on a server without a chat bot: queued, then failed with a clear error', async () => {
      const alert = await createAlert(ctx(), account, chatAlertBody());
      const response = await sendJson(ctx(), account.token, 'POST', `/v1/alerts/${alert.alert_id}/test`);
      expect(response.statusCode).toBe(202);
      await deliverDue(ctx());
      const [entry] = await deliveries(`/v1/alerts/${alert.alert_id}/deliveries`);
      expect(entry).toMatchObject({
        status: 'failed',
        chat_channel_id: 'C0123CHECKOUT',
        webhook_id: null,
        attempts: 1,
        next_attempt_at: null,
        last_error: expect.stringContaining('Chat is not configured'),
      });
      expect(entry?.attempt_history).toEqual([
        expect.objectContaining({ status_code: null, error: expect.stringContaining('CHAT_BOT_TOKEN') }),
      ]);
    });

    it('lists newest first and honours limit (1 to 100, default 50)', async () => {
      const fresh = await createWebhook(ctx(), account, { url: `${receiver.url}/other` });
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        ids.push(
          (await sendJson(ctx(), account.token, 'POST', `/v1/webhooks/${fresh.webhook_id}/test`)).json<{
            delivery_id: string;
          }>().delivery_id,
        );
      }
      const all = await deliveries(`/v1/webhooks/${fresh.webhook_id}/deliveries`);
      expect(all.map((item) => item.delivery_id)).toEqual([...ids].reverse());
      expect(
        all.every(
          (item) => item.status === 'pending' && item.next_attempt_at !== null && item.attempt_history.length === 0,
        ),
      ).toBe(true);
      expect(
        (await deliveries(`/v1/webhooks/${fresh.webhook_id}/deliveries?limit=2`)).map((item) => item.delivery_id),
      ).toEqual([ids[2], ids[1]]);
      for (const limit of ['0', '101', 'x', '1.5']) {
        const response = await sendJson(
          ctx(),
          account.token,
          'GET',
          `/v1/webhooks/${fresh.webhook_id}/deliveries?limit=${limit}`,
        );
        expectError(response, 400, { type: 'validation_error', param: 'limit' });
      }
      expectError(
        await sendJson(ctx(), account.token, 'GET', `/v1/webhooks/${fresh.webhook_id}/deliveries?colour=red`),
        400,
        {
          code: 'unknown_parameter',
          type: 'validation_error',
          param: 'colour',
        },
      );
      await deliverDue(ctx());
    });

    it('POST /v1/deliveries/{id}/redeliver: pending again and sent again with the same webhook-id, history kept', async () => {
      const { delivery_id: id } = (
        await sendJson(ctx(), account.token, 'POST', `/v1/webhooks/${webhook.webhook_id}/test`)
      ).json<{ delivery_id: string }>();
      await deliverDue(ctx());
      const response = await sendJson(ctx(), account.token, 'POST', `/v1/deliveries/${id}/redeliver`);
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual({ delivery_id: id, status: 'pending' });
      let [entry] = (await deliveries(`/v1/webhooks/${webhook.webhook_id}/deliveries`)).filter(
        (item) => item.delivery_id === id,
      );
      expect(entry).toMatchObject({
        status: 'pending',
        attempts: 0,
        delivered_at: null,
        next_attempt_at: expect.stringMatching(ISO_UTC),
      });
      expect(entry?.attempt_history).toHaveLength(1);

      await deliverDue(ctx());
      [entry] = (await deliveries(`/v1/webhooks/${webhook.webhook_id}/deliveries`)).filter(
        (item) => item.delivery_id === id,
      );
      expect(entry).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(entry?.attempt_history.map((attempt) => attempt.status_code)).toEqual([200, 200]);
      expect(receiver.requests.filter((request) => request.webhookId === id)).toHaveLength(2);
    });

    it("another account's webhook, alert or delivery answers exactly as an unknown id (404)", async () => {
      const other = await ctx().newAccount();
      const theirWebhook = await createWebhook(ctx(), other, { url: `${receiver.url}/theirs` });
      const theirAlert = await createAlert(ctx(), other, webhookAlertBody(theirWebhook.webhook_id));
      const theirDelivery = (
        await sendJson(ctx(), other.token, 'POST', `/v1/webhooks/${theirWebhook.webhook_id}/test`)
      ).json<{ delivery_id: string }>().delivery_id;
      const cases: ['GET' | 'POST', string, string][] = [
        ['POST', `/v1/webhooks/${theirWebhook.webhook_id}/test`, '/v1/webhooks/whk_doesnotexist0000000000/test'],
        [
          'GET',
          `/v1/webhooks/${theirWebhook.webhook_id}/deliveries`,
          '/v1/webhooks/whk_doesnotexist0000000000/deliveries',
        ],
        ['POST', `/v1/alerts/${theirAlert.alert_id}/test`, '/v1/alerts/alr_doesnotexist0000000000/test'],
        ['GET', `/v1/alerts/${theirAlert.alert_id}/deliveries`, '/v1/alerts/alr_doesnotexist0000000000/deliveries'],
        ['POST', `/v1/deliveries/${theirDelivery}/redeliver`, '/v1/deliveries/msg_doesnotexist0000000000/redeliver'],
      ];
      for (const [method, foreignPath, unknownPath] of cases) {
        const foreign = await sendJson(ctx(), account.token, method, foreignPath);
        const unknown = await sendJson(ctx(), account.token, method, unknownPath);
        expectError(foreign, 404, { type: 'not_found_error', code: 'not_found', param: null });
        expectSameErrorApartFromRequestId(unknown, foreign);
      }
      const theirLog = (
        await sendJson(ctx(), other.token, 'GET', `/v1/webhooks/${theirWebhook.webhook_id}/deliveries`)
      ).json<DeliveryResource[]>();
      expect(theirLog.map((item) => item.delivery_id)).toEqual([theirDelivery]);
    });
  },
  LOCAL_TARGETS,
);
