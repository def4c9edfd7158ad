import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALERT_EVENT_KINDS, alertEventName } from '../../../../api/event-catalogue.ts';
import { createWebhook, webhookAlertBody, createAlert } from '../../../test/alerts-and-webhooks.ts';
import { sendJson } from '../../../test/api-requests.ts';
import { type TestAccount, type TestContext, describeApi } from '../../../test/harness.ts';
import { findAlertRow } from '../alerts/alerts.repository.ts';
import { type Receiver, startReceiver } from '../test-support/receiver.ts';
import { testWorker } from '../test-support/worker-kit.ts';
import { enqueueJsError } from '../test-support/fixtures.ts';
import { alertMessageRow, deliveryEvent } from './enqueue.ts';
import { insertMessages } from './outbox.repository.ts';
import { parseDeliveryBody } from './delivery-payload.ts';

// ajv-formats is CommonJS: under Node's ESM loader its function is the default export's default.
const addFormats = addFormatsModule.default;

interface WebhookOperation {
  post: { requestBody: { content: { 'application/json': { schema: object; example: unknown } } } };
}

async function deliverDue(ctx: TestContext): Promise<void> {
  const worker = testWorker(ctx.database, { config: ctx.config });
  try {
    await worker.runOnce();
  } finally {
    await worker.stop();
  }
}

describeApi(
  'the delivery payload is the documented contract',
  (ctx) => {
    let account: TestAccount;
    let receiver: Receiver;
    let webhooks: Record<string, WebhookOperation>;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const check = (eventName: string, body: unknown) => {
      const operation = webhooks[eventName];
      if (!operation) throw new Error(`No webhook entry for ${eventName}`);
      const validate = ajv.compile(operation.post.requestBody.content['application/json'].schema);
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    };

    beforeAll(async () => {
      receiver = await startReceiver();
      account = await ctx().newAccount();
      const document = (await ctx().app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<{
        openapi: string;
        webhooks: Record<string, WebhookOperation>;
      }>();
      expect(document.openapi).toBe('3.1.0');
      webhooks = document.webhooks;
    });
    afterAll(async () => receiver?.close());

    it('describes every event name, each with an example that its own schema accepts', () => {
      const names = ALERT_EVENT_KINDS.map(alertEventName);
      expect(Object.keys(webhooks)).toEqual(names);
      for (const name of names) {
        const example = webhooks[name]?.post.requestBody.content['application/json'].example;
        expect(example).toMatchObject({ payload: { event_name: name }, suppressed_count: expect.any(Number) });
        check(name, example);
      }
    });

    it('a real delivered message, and a summary folding matches in, validate against the documented schema', async () => {
      const webhook = await createWebhook(ctx(), account, { url: `${receiver.url}/contract` });
      receiver.secret = (
        await ctx()
          .database.db.selectFrom('webhooks')
          .select('secret')
          .where('id', '=', webhook.webhook_id)
          .executeTakeFirstOrThrow()
      ).secret;
      const alert = await createAlert(ctx(), account, webhookAlertBody(webhook.webhook_id));
      const row = await findAlertRow(ctx().database.db, account.accountId, alert.alert_id);
      if (!row) throw new Error('alert row missing');
      const now = Date.now();
      const [matchId] = await enqueueJsError(ctx().database.db, account, [row], now);

      // A summary as the quiet period writes it: the latest match, and how many more it stands for.
      const payload = deliveryEvent({
        publicUrl: 'https://app.example.test',
        event: { kind: 21, occurred_at: now, data: JSON.stringify({ selector: 'button#pay', click_count: 9 }) },
        session: {
          id: 'ses_2',
          creation_timestamp: Math.floor(now / 1000) - 30,
          country_code: '',
          region: '',
          city: '',
        },
        visitor: { id: 'vis_2', name: null, email: null, params: '[]' },
      });
      const summary = alertMessageRow(
        row,
        {
          accountId: account.accountId,
          websiteId: account.websiteId,
          payload,
          folded: { count: 4, since: now - 60_000 },
        },
        now,
      );
      if (!summary) throw new Error('no summary row');
      await insertMessages(ctx().database.db, [summary]);
      const test = await sendJson(ctx(), account.token, 'POST', `/v1/webhooks/${webhook.webhook_id}/test`);
      expect(test.statusCode, test.body).toBe(202);

      await deliverDue(ctx());
      const sent = [matchId, summary.id, test.json<{ delivery_id: string }>().delivery_id].map((id) => {
        const request = receiver.requests.find((item) => item.webhookId === id);
        expect(request?.verified, request?.verifyError ?? `nothing received for ${id}`).toBe(true);
        return parseDeliveryBody(request?.body ?? '{}');
      });
      expect(sent.map((body) => body.payload.event_name)).toEqual(['JSError', 'RageClick', 'JSError']);
      expect(sent[1]).toMatchObject({ suppressed_count: 4, suppressed_since: Math.floor((now - 60_000) / 1000) });
      for (const body of sent) check(body.payload.event_name, body);
    });

    it('the documented schema refuses a payload that breaks it', () => {
      const example = structuredClone(webhooks.JSError?.post.requestBody.content['application/json'].example) as {
        payload: { time: unknown };
      };
      example.payload.time = 'yesterday';
      const schema = webhooks.JSError?.post.requestBody.content['application/json'].schema ?? {};
      expect(ajv.validate(schema, example)).toBe(false);
    });
  },
  { ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' },
);
