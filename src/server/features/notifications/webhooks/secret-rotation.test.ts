/**
 * Rotation without an outage, end to end: a secret rotated through the API keeps signing real
 * deliveries beside the new one for 24 hours (both in `webhook-signature`), then only the new one
 * signs. The rotation and the delivery worker each run on a clock the test sets.
 */
import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createWebhook } from '../../../test/alerts-and-webhooks.ts';
import { type TestAccount, describeApi } from '../../../test/harness.ts';
import { asPerson, signedInPerson } from '../../../test/people.ts';
import { enqueueJsError, insertAlertRow } from '../test-support/fixtures.ts';
import { type ReceivedRequest, type Receiver, startReceiver } from '../test-support/receiver.ts';
import { fakeClock, testWorker } from '../test-support/worker-kit.ts';
import { PREVIOUS_SECRET_GRACE_MS } from './signing-secrets.ts';

const HOUR = 3_600_000;

/** Verifies a received request as a Standard Webhooks receiver holding only `secret` does. */
function verifiesWith(secret: string, request: ReceivedRequest): boolean {
  try {
    new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

/** The hosted service's recipe: base64 HMAC-SHA256 of the raw body keyed with the secret as shown. */
function hostedSignatureOf(secret: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('base64');
}

function signatureEntries(request: ReceivedRequest): string[] {
  return String(request.headers['webhook-signature'] ?? '').split(' ');
}

describeApi(
  'webhook secret rotation',
  (ctx) => {
    let account: TestAccount;
    let admin: Awaited<ReturnType<typeof signedInPerson>>;
    let receiver: Receiver;

    beforeAll(async () => {
      account = await ctx().newAccount();
      admin = await signedInPerson(ctx(), account.accountId, 'admin');
      receiver = await startReceiver();
    });
    afterEach(async () => {
      vi.restoreAllMocks();
      receiver.requests.length = 0;
      await ctx().database.db.deleteFrom('outbox_messages').execute();
    });
    afterAll(() => receiver.close());

    async function webhookWithAlert() {
      const response = await ctx().request(account.token, {
        method: 'POST',
        url: '/v1/webhooks',
        payload: { url: `${receiver.url}/rotating`, website_id: account.websiteId, version: 'v1.0' },
      });
      expect(response.statusCode, response.body).toBe(201);
      const webhook = response.json<{ webhook_id: string; secret: string }>();
      const alert = await insertAlertRow(ctx().database.db, account, { webhookId: webhook.webhook_id });
      return { webhookId: webhook.webhook_id, secret: webhook.secret, alert };
    }

    /** Rotates through the API with the server's clock at `at`. */
    async function rotateAt(webhookId: string, at: number) {
      vi.spyOn(Date, 'now').mockReturnValue(at);
      try {
        const response = await asPerson(ctx(), admin.cookie, {
          method: 'POST',
          url: `/v1/webhooks/${webhookId}/secret/rotate`,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response;
      } finally {
        vi.restoreAllMocks();
      }
    }

    /** One message delivered by a worker whose clock reads `at`; returns what the receiver got. */
    async function deliverAt(alert: Awaited<ReturnType<typeof webhookWithAlert>>['alert'], at: number) {
      const clock = fakeClock(at);
      await enqueueJsError(ctx().database.db, account, [alert], clock.now());
      const worker = testWorker(ctx().database, { clock, config: ctx().config });
      try {
        await worker.runOnce();
        await receiver.waitForRequests(1);
      } finally {
        await worker.stop();
      }
      const [request] = receiver.requests.splice(0);
      if (!request) throw new Error('nothing received');
      return request;
    }

    async function previousExpiryInList(webhookId: string, at: number) {
      vi.spyOn(Date, 'now').mockReturnValue(at);
      try {
        const response = await ctx().request(account.token, { method: 'GET', url: '/v1/webhooks' });
        expect(response.statusCode, response.body).toBe(200);
        const webhook = response
          .json<{ webhook_id: string; previous_secret_expires_at: number | null }[]>()
          .find((item) => item.webhook_id === webhookId);
        return webhook?.previous_secret_expires_at;
      } finally {
        vi.restoreAllMocks();
      }
    }

    it('answers with the new secret and until when the previous one signs, never the previous one itself', async () => {
      const { webhookId, secret: old } = await webhookWithAlert();
      expect(await previousExpiryInList(webhookId, Date.now())).toBeNull();
      const rotatedAt = Date.now();
      const response = await rotateAt(webhookId, rotatedAt);
      const body = response.json<{ webhook_id: string; secret: string; previous_secret_expires_at: number }>();
      expect(Object.keys(body).sort()).toEqual(['previous_secret_expires_at', 'secret', 'webhook_id']);
      expect(body.secret).not.toBe(old);
      expect(body.previous_secret_expires_at).toBe(Math.floor((rotatedAt + 24 * HOUR) / 1000));
      expect(response.body).not.toContain(old.slice('whsec_'.length));

      expect(await previousExpiryInList(webhookId, rotatedAt + 23 * HOUR)).toBe(body.previous_secret_expires_at);
      expect(await previousExpiryInList(webhookId, rotatedAt + 24 * HOUR)).toBeNull();
      const list = await ctx().request(account.token, { method: 'GET', url: '/v1/webhooks' });
      expect(list.body).not.toContain(old.slice('whsec_'.length));
      const secret = await asPerson(ctx(), admin.cookie, { method: 'GET', url: `/v1/webhooks/${webhookId}/secret` });
      expect(secret.json()).toEqual({ webhook_id: webhookId, secret: body.secret });
    });

    it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
      const { webhookId, secret: old, alert } = await webhookWithAlert();
      const rotatedAt = Date.now();
      const fresh = (await rotateAt(webhookId, rotatedAt)).json<{ secret: string }>().secret;

      for (const at of [rotatedAt + 1000, rotatedAt + PREVIOUS_SECRET_GRACE_MS - 1000]) {
        const request = await deliverAt(alert, at);
        expect(signatureEntries(request)).toHaveLength(2);
        expect(verifiesWith(old, request)).toBe(true);
        expect(verifiesWith(fresh, request)).toBe(true);
        // The hosted header holds one value: the current secret's.
        expect(request.headers['livesession-signature']).toBe(hostedSignatureOf(fresh, request.body));
      }

      const after = await deliverAt(alert, rotatedAt + PREVIOUS_SECRET_GRACE_MS);
      expect(signatureEntries(after)).toHaveLength(1);
      expect(verifiesWith(fresh, after)).toBe(true);
      expect(verifiesWith(old, after)).toBe(false);
      expect(after.headers['livesession-signature']).toBe(hostedSignatureOf(fresh, after.body));
    });

    it('keeps only the latest previous secret when rotating twice', async () => {
      const { webhookId, secret: first, alert } = await webhookWithAlert();
      const start = Date.now();
      const second = (await rotateAt(webhookId, start)).json<{ secret: string }>().secret;
      const third = await rotateAt(webhookId, start + HOUR);
      const { secret: latest, previous_secret_expires_at: until } = third.json<{
        secret: string;
        previous_secret_expires_at: number;
      }>();
      expect(until).toBe(Math.floor((start + HOUR + 24 * HOUR) / 1000));

      const request = await deliverAt(alert, start + HOUR + 1000);
      expect(signatureEntries(request)).toHaveLength(2);
      expect(verifiesWith(latest, request)).toBe(true);
      expect(verifiesWith(second, request)).toBe(true);
      expect(verifiesWith(first, request)).toBe(false);

      const stored = await ctx()
        .database.db.selectFrom('webhooks')
        .select(['secret', 'previous_secret', 'previous_secret_expires_at'])
        .where('id', '=', webhookId)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        secret: latest,
        previous_secret: second,
        previous_secret_expires_at: start + HOUR + PREVIOUS_SECRET_GRACE_MS,
      });
    });

    it('signs a webhook never rotated with its one secret', async () => {
      const { secret, alert } = await webhookWithAlert();
      const request = await deliverAt(alert, Date.now());
      expect(signatureEntries(request)).toHaveLength(1);
      expect(verifiesWith(secret, request)).toBe(true);
    });

    it('leaves other webhooks signing with their own secret alone', async () => {
      const rotated = await webhookWithAlert();
      const bystander = await createWebhook(ctx(), account);
      await rotateAt(rotated.webhookId, Date.now());
      expect(await previousExpiryInList(bystander.webhook_id, Date.now())).toBeNull();
    });
  },
  { ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' },
);
