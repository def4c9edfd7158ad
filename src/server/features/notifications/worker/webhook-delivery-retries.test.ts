import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/harness.ts';
import { insertAlertRow, insertWebhookRow } from '../test-support/fixtures.ts';
import { startReceiver } from '../test-support/receiver.ts';
import { fakeClock, testWorker } from '../test-support/worker-kit.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './backoff.ts';
import { HOUR, webhookDeliverySuite } from './webhook-delivery-fixtures.ts';

for (const kind of testDatabaseKinds) {
  describe(`webhook delivery [${kind}]`, () => {
    const delivery = webhookDeliverySuite(kind);
    const { setup, message, attempts, webhookRow, enqueueOne } = delivery;

    /** Queues one message for the alert and lets a worker make one attempt at it. */
    const deliverOnce = async (alert: Parameters<typeof enqueueOne>[0]) => {
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      const worker = testWorker(delivery.database, { clock });
      await worker.runOnce();
      await worker.stop();
      return { id, clock };
    };

    it('500 then 200: retried at the backoff time with the same webhook-id, and the webhook is healthy again', async () => {
      const { receiver, webhook, alert } = await setup([{ status: 500, body: 'database is down' }, { status: 200 }]);
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      const worker = testWorker(delivery.database, { clock });

      expect(await worker.runOnce()).toBe(1);
      const first = clock.now();
      expect(await message(id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        next_attempt_at: first + RETRY_DELAYS_MS[0]!,
      });
      expect((await attempts(id))[0]).toMatchObject({
        status_code: 500,
        error: 'HTTP 500: database is down',
        next_attempt_at: first + 30_000,
      });
      expect(await webhookRow(webhook.id)).toMatchObject({ failing_since: first, first_delivered_at: null });

      clock.advance(29_999);
      expect(await worker.runOnce()).toBe(0);
      clock.advance(1);
      expect(await worker.runOnce()).toBe(1);
      await worker.stop();

      expect(receiver.requests.map((request) => request.webhookId)).toEqual([id, id]);
      expect(receiver.requests.every((request) => request.verified)).toBe(true);
      expect(receiver.requests[1]?.body).toBe(receiver.requests[0]?.body);
      expect(await message(id)).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
      expect((await attempts(id)).map((attempt) => [attempt.attempted_at - first, attempt.status_code])).toEqual([
        [0, 500],
        [30_000, 200],
      ]);
      // The first success is remembered: the webhook no longer says it has never delivered.
      expect(await webhookRow(webhook.id)).toMatchObject({ failing_since: null, first_delivered_at: first + 30_000 });
    });

    it('410 Gone stops at once: failed after one attempt, no retry scheduled', async () => {
      const { receiver, alert } = await setup([{ status: 410 }]);
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      const worker = testWorker(delivery.database, { clock });
      await worker.runOnce();
      clock.advance(48 * HOUR);
      expect(await worker.runOnce()).toBe(0);
      await worker.stop();
      expect(receiver.requests).toHaveLength(1);
      expect(await message(id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: expect.stringContaining('410'),
      });
      expect((await attempts(id))[0]).toMatchObject({ status_code: 410, next_attempt_at: null });
    });

    it('429 with retry-after: 120 schedules the next attempt 120 s later', async () => {
      const { alert } = await setup([{ status: 429, headers: { 'retry-after': '120' } }]);
      const { id, clock } = await deliverOnce(alert);
      expect(await message(id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        next_attempt_at: clock.now() + 120_000,
      });
      expect((await attempts(id))[0]).toMatchObject({ status_code: 429, next_attempt_at: clock.now() + 120_000 });
    });

    it('503 with an HTTP-date retry-after is honoured too, bounded by a day', async () => {
      const later = new Date(Date.now() + 3 * 24 * HOUR).toUTCString();
      const { alert } = await setup([{ status: 503, headers: { 'retry-after': later } }]);
      const { id, clock } = await deliverOnce(alert);
      expect((await message(id)).next_attempt_at).toBe(clock.now() + 24 * HOUR);
    });

    it('a redirect is a failure and is not followed: the redirect target receives nothing', async () => {
      const target = await startReceiver();
      delivery.receivers.push(target);
      const { receiver, alert } = await setup([{ status: 302, headers: { location: `${target.url}/elsewhere` } }]);
      const { id } = await deliverOnce(alert);
      expect(receiver.requests).toHaveLength(1);
      expect(target.requests).toHaveLength(0);
      expect(await message(id)).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await attempts(id))[0]).toMatchObject({
        status_code: 302,
        error: expect.stringMatching(/redirects are not followed/),
      });
    });

    it('a receiver that never answers times out (injectable deadline), and the message is retried later', async () => {
      const { receiver, alert } = await setup(['hang']);
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      const worker = testWorker(delivery.database, { clock, requestTimeoutMs: 300, claimTtlMs: 5_000 });
      const started = Date.now();
      await worker.runOnce();
      await worker.stop();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(receiver.requests).toHaveLength(1);
      expect(await message(id)).toMatchObject({
        status: 'pending',
        attempts: 1,
        next_attempt_at: clock.now() + 30_000,
      });
      const [attempt] = await attempts(id);
      expect(attempt).toMatchObject({ status_code: null, error: 'No complete response within 0.3 s.' });
      expect(attempt?.duration_ms).toBeGreaterThanOrEqual(250);
    });

    it('a network error (nothing listening) is recorded as such and retried', async () => {
      const closed = await startReceiver();
      await closed.close();
      const webhook = await insertWebhookRow(delivery.database.db, delivery.account, `${closed.url}/hook`);
      const alert = await insertAlertRow(delivery.database.db, delivery.account, { webhookId: webhook.id });
      const { id } = await deliverOnce(alert);
      expect(await message(id)).toMatchObject({
        status: 'pending',
        last_error: `Connection refused by 127.0.0.1:${closed.port}.`,
      });
    });

    it(`gives up after ${MAX_ATTEMPTS} attempts spread over about a day`, async () => {
      const { receiver, alert } = await setup([{ status: 500 }]);
      const clock = fakeClock();
      const start = clock.now();
      const id = await enqueueOne(alert, clock);
      const worker = testWorker(delivery.database, { clock });
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        expect(await worker.runOnce()).toBe(1);
        const row = await message(id);
        if (attempt < MAX_ATTEMPTS) {
          expect(row.status).toBe('pending');
          clock.advance(row.next_attempt_at - clock.now());
        }
      }
      clock.advance(48 * HOUR);
      expect(await worker.runOnce()).toBe(0);
      await worker.stop();
      expect(receiver.requests).toHaveLength(MAX_ATTEMPTS);
      expect(await message(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      const log = await attempts(id);
      const span = (log.at(-1)?.attempted_at ?? 0) - start;
      expect(span).toBeGreaterThan(20 * HOUR);
      expect(span).toBeLessThan(26 * HOUR);
      expect(log.at(-1)?.next_attempt_at).toBeNull();
    });
  });
}
