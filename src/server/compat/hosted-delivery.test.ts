/**
 * A real delivery, received on a loopback receiver and verified both ways: with the hosted service's
 * own recipe (LiveSession-Signature: base64 HMAC-SHA256 of the raw body, keyed with the secret as
 * shown) and with Standard Webhooks; its body fits the hosted webhook schema.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../features/notifications/test-support/receiver.ts';
import { testWorker } from '../features/notifications/test-support/worker-kit.ts';
import { sendJson } from '../test/api-requests.ts';
import { describeApi } from '../test/harness.ts';
import { sdkRequest } from './hosted-client.ts';
import { describeErrors, hostedWebhookValidator } from './hosted-schemas.ts';
import { publicKeyOf } from '../test/tracker-ids.ts';
import { newVisitorId, recordVisit } from './visits.ts';

/** The verification recipe of the hosted service's documentation, as a receiver written for it does it. */
function hostedSignatureMatches(secret: string, rawBody: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = crypto.createHmac('sha256', secret).update(rawBody).digest('base64');
  return header.length === expected.length && crypto.timingSafeEqual(Buffer.from(header), Buffer.from(expected));
}

const SCHEMA_BY_EVENT: Record<string, string> = {
  JSError: 'SessionEventJSErrorPayload',
  RageClick: 'SessionEventRageClickPayload',
  ErrorClick: 'SessionEventErrorClickPayload',
  NetError: 'SessionEventNetErrorPayload',
  Custom: 'SessionEventCustomPayload',
};

describeApi(
  'hosted service webhook receivers',
  (ctx) => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());

    it('verify every delivery with LiveSession-Signature and Standard Webhooks, and read the hosted field names', async () => {
      const account = await ctx().newAccount();
      const created = await sdkRequest(ctx(), account.token, 'POST', '/v1/webhooks', {
        url: `${receiver.url}/hosted`,
        website_id: account.websiteId,
        version: 'v1.0',
      });
      expect(created.statusCode, created.body).toBe(201);
      const { webhook_id: webhookId, secret } = created.json<{ webhook_id: string; secret: string }>();
      receiver.secret = secret;
      const alert = await sdkRequest(ctx(), account.token, 'POST', '/v1/alerts', {
        name: 'Everything that goes wrong',
        events: [{ kind: 25 }, { kind: 21 }, { kind: 20 }, { kind: 30 }, { kind: 26 }],
        provider: 'webhooks',
        webhook_id: webhookId,
      });
      expect(alert.statusCode, alert.body).toBe(201);
      // Every event of the visit is to arrive on its own: no quiet period folds them together.
      const { alert_id: alertId } = alert.json<{ alert_id: string }>();
      const quiet = await sendJson(ctx(), account.token, 'PUT', `/v1/alerts/${alertId}`, { quiet_period_minutes: 0 });
      expect(quiet.statusCode, quiet.body).toBe(200);

      await recordVisit(ctx(), await publicKeyOf(ctx(), account.websiteId), newVisitorId(), [
        { kind: 25, message: 'TypeError: total is undefined' },
        { kind: 21, selector: 'button#pay', click_count: 5 },
        { kind: 20, selector: 'button#pay', message: 'TypeError: total is undefined' },
        { kind: 30, url: 'https://shop.example.com/api/pay', method: 'POST', status: 502 },
        { kind: 26, name: 'checkout_failed', properties: { step: 2 } },
      ]);
      const worker = testWorker(ctx().database, { config: ctx().config });
      try {
        await worker.runOnce();
        await receiver.waitForRequests(5);
      } finally {
        await worker.stop();
      }

      const byEvent = new Map<string, Record<string, unknown>>();
      for (const request of receiver.requests) {
        const header = request.headers['livesession-signature'];
        expect(hostedSignatureMatches(secret, request.body, typeof header === 'string' ? header : undefined)).toBe(
          true,
        );
        expect(request.verified, request.verifyError ?? '').toBe(true);
        const body = JSON.parse(request.body) as { payload: { event_name: string } };
        const validate = hostedWebhookValidator(SCHEMA_BY_EVENT[body.payload.event_name] ?? 'unknown');
        expect(validate(body), describeErrors(validate)).toBe(true);
        byEvent.set(body.payload.event_name, body.payload as Record<string, unknown>);
      }
      expect(byEvent.get('JSError')).toMatchObject({
        value: 'TypeError: total is undefined',
        count: 1,
        message: 'TypeError: total is undefined',
      });
      expect(byEvent.get('RageClick')).toMatchObject({ clicks: 5, click_count: 5 });
      expect(byEvent.get('ErrorClick')).toMatchObject({ message: 'TypeError: total is undefined' });
      expect(byEvent.get('NetError')).toMatchObject({
        method: 'POST',
        url: 'https://shop.example.com/api/pay',
        status: 502,
      });
      expect(byEvent.get('JSError')?.visitor).toMatchObject({ name: '', email: '' });

      // A tampered body fails the hosted recipe, so the check above is not vacuous.
      const first = receiver.requests[0];
      const header = first?.headers['livesession-signature'];
      expect(
        hostedSignatureMatches(secret, `${first?.body ?? ''} `, typeof header === 'string' ? header : undefined),
      ).toBe(false);
    });
  },
  { ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' },
);
