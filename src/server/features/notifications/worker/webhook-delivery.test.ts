import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../../db/database.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../../../test/harness.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './backoff.ts';
import type { DeliveryBody } from '../outbox/delivery-payload.ts';
import { wakeDeliveryWorkers } from './delivery-signal.ts';
import { DISABLE_AFTER_FAILING_MS } from '../webhooks/webhook-health.ts';
import {
  type AccountFixture,
  createAccountFixture,
  enqueueJsError,
  insertAlertRow,
  insertWebhookRow,
} from '../test-support/fixtures.ts';
import { type Receiver, type Reply, startReceiver } from '../test-support/receiver.ts';
import { type FakeClock, fakeClock, testWorker } from '../test-support/worker-kit.ts';

const HOUR = 3_600_000;

for (const kind of testDatabaseKinds) {
  describe(`webhook delivery [${kind}]`, () => {
    let testDb: TestDatabase;
    let database: DatabaseHandle;
    let account: AccountFixture;
    let receivers: Receiver[] = [];

    beforeAll(async () => {
      testDb = await createTestDatabase(kind);
      database = openDatabase(testDb.url, { poolSize: 4 });
      await migrateToLatest(database.db);
      account = await createAccountFixture(database.db);
    });
    afterEach(async () => {
      // Each test starts with an empty outbox, so a clock moved by one test cannot pick up another's messages.
      await database.db.deleteFrom('outbox_messages').execute();
      await Promise.all(receivers.map((receiver) => receiver.close()));
      receivers = [];
    });
    afterAll(async () => {
      await database?.close();
      await testDb?.drop();
    });

    /** A receiver that verifies signatures with the webhook's secret, a webhook row pointing at it, and an alert. */
    async function setup(replies: Reply[] = [{ status: 200 }], path = '/hook') {
      const receiver = await startReceiver({ replies });
      receivers.push(receiver);
      const webhook = await insertWebhookRow(database.db, account, `${receiver.url}${path}`);
      receiver.secret = webhook.secret;
      const alert = await insertAlertRow(database.db, account, { webhookId: webhook.id });
      return { receiver, webhook, alert };
    }

    async function message(id: string) {
      return database.db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    }
    async function attempts(id: string) {
      return database.db
        .selectFrom('delivery_attempts')
        .selectAll()
        .where('message_id', '=', id)
        .orderBy('attempted_at')
        .orderBy('id')
        .execute();
    }
    async function webhookRow(id: string) {
      return database.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    }

    async function enqueueOne(alert: Parameters<typeof enqueueJsError>[2][number], clock: FakeClock): Promise<string> {
      const [id] = await enqueueJsError(database.db, account, [alert], clock.now());
      if (!id) throw new Error('nothing enqueued');
      return id;
    }

    it('delivers one signed message: webhook-id is the message id, the attempt is recorded, the message is delivered', async () => {
      const { receiver, webhook, alert } = await setup();
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      expect(
        (
          await database.db
            .selectFrom('alerts')
            .select('last_fired_at')
            .where('id', '=', alert.id)
            .executeTakeFirstOrThrow()
        ).last_fired_at,
      ).toBe(clock.now());

      const worker = testWorker(database, { clock });
      expect(await worker.runOnce()).toBe(1);
      await worker.stop();

      expect(receiver.requests).toHaveLength(1);
      const [request] = receiver.requests;
      expect(request?.verified, request?.verifyError ?? '').toBe(true);
      expect(request?.webhookId).toBe(id);
      expect(request?.path).toBe('/hook');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.headers['user-agent']).toMatch(/^SessionAnalytics-Webhooks\//);
      expect(request?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
      const body = JSON.parse(request?.body ?? '{}') as DeliveryBody;
      expect(body).toMatchObject({
        message_id: id,
        webhook_id: webhook.id,
        webhook_type: 'session.event',
        api_version: 'v1.0',
        account_id: account.accountId,
        website_id: account.websiteId,
        created_at: Math.floor(clock.now() / 1000),
        alert: { alert_id: alert.id, name: alert.name },
        payload: {
          event_name: 'JSError',
          time: Math.floor((clock.now() - 1500) / 1000),
          session_id: 'ses_1',
          // The session began a minute before `now`; the error came 1.5 s before it.
          session_url: `https://app.example.test/sessions/ses_1?t=${Math.floor((clock.now() - 1500) / 1000 - Math.floor((clock.now() - 60_000) / 1000))}`,
          visitor: {
            id: 'vis_1',
            name: 'Marie Curie',
            email: 'marie@example.com',
            params: [{ name: 'plan', value: 'pro' }],
            geolocation: { country_code: 'FR', city: 'Paris', region: 'Île-de-France' },
          },
          message: "TypeError: Cannot read properties of undefined (reading 'total')",
          url: 'https://shop.example.com/checkout',
        },
      });
      expect(body).not.toHaveProperty('test');

      expect(await message(id)).toMatchObject({
        status: 'delivered',
        attempts: 1,
        delivered_at: clock.now(),
        last_error: null,
        locked_by: null,
      });
      const log = await attempts(id);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ status_code: 200, error: null, next_attempt_at: null, attempted_at: clock.now() });
      expect(log[0]?.duration_ms).toBeGreaterThanOrEqual(0);
    });

    it('500 then 200: retried at the backoff time with the same webhook-id, and the webhook is healthy again', async () => {
      const { receiver, webhook, alert } = await setup([{ status: 500, body: 'database is down' }, { status: 200 }]);
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      const worker = testWorker(database, { clock });

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
      const worker = testWorker(database, { clock });
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
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      const worker = testWorker(database, { clock });
      await worker.runOnce();
      await worker.stop();
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
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      const worker = testWorker(database, { clock });
      await worker.runOnce();
      await worker.stop();
      expect((await message(id)).next_attempt_at).toBe(clock.now() + 24 * HOUR);
    });

    it('a redirect is a failure and is not followed: the redirect target receives nothing', async () => {
      const target = await startReceiver();
      receivers.push(target);
      const { receiver, alert } = await setup([{ status: 302, headers: { location: `${target.url}/elsewhere` } }]);
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      const worker = testWorker(database, { clock });
      await worker.runOnce();
      await worker.stop();
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
      const worker = testWorker(database, { clock, requestTimeoutMs: 300, claimTtlMs: 5_000 });
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
      const webhook = await insertWebhookRow(database.db, account, `${closed.url}/hook`);
      const alert = await insertAlertRow(database.db, account, { webhookId: webhook.id });
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      const worker = testWorker(database, { clock });
      await worker.runOnce();
      await worker.stop();
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
      const worker = testWorker(database, { clock });
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

    it('3 days without a success disable the webhook and flag its alert; its later messages fail unsent', async () => {
      const { receiver, webhook, alert } = await setup([{ status: 500 }]);
      const clock = fakeClock();
      const first = await enqueueOne(alert, clock);
      const worker = testWorker(database, { clock });
      await worker.runOnce();
      const since = clock.now();
      expect(await webhookRow(webhook.id)).toMatchObject({ enabled: 1, failing_since: since });

      // Another message fails just before the 3 days are up: still enabled.
      clock.advance(DISABLE_AFTER_FAILING_MS - 1);
      await enqueueOne(alert, clock);
      await worker.runOnce();
      expect(await webhookRow(webhook.id)).toMatchObject({ enabled: 1, failing_since: since });

      clock.advance(1);
      const third = await enqueueOne(alert, clock);
      await worker.runOnce();
      const disabled = await webhookRow(webhook.id);
      expect(disabled.enabled).toBe(0);
      expect(disabled.disabled_reason).toMatch(/No successful delivery for 3 days/);
      const flagged = await database.db
        .selectFrom('alerts')
        .select('flagged_reason')
        .where('id', '=', alert.id)
        .executeTakeFirstOrThrow();
      expect(flagged.flagged_reason).toContain(webhook.id);
      expect(await message(third)).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/disabled/) });

      // The first message is still due for a retry, but the webhook is off: it fails without a request.
      const sent = receiver.requests.length;
      clock.advance(HOUR);
      await worker.runOnce();
      await worker.stop();
      expect(receiver.requests).toHaveLength(sent);
      expect(await message(first)).toMatchObject({
        status: 'failed',
        last_error: expect.stringMatching(/^The webhook is disabled/),
      });
      expect((await attempts(first)).at(-1)).toMatchObject({ status_code: null, duration_ms: expect.any(Number) });
    });

    it('a webhook switched off by a person: messages fail without sending', async () => {
      const { receiver, webhook, alert } = await setup();
      await database.db.updateTable('webhooks').set({ enabled: 0 }).where('id', '=', webhook.id).execute();
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      const worker = testWorker(database, { clock });
      await worker.runOnce();
      await worker.stop();
      expect(receiver.requests).toHaveLength(0);
      expect(await message(id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: 'The webhook is disabled; nothing was sent.',
      });
    });

    it('stopping the worker mid-request drops the request and gives the message back untouched', async () => {
      const { receiver, alert } = await setup(['hang']);
      const id = await enqueueOne(alert, fakeClock());
      const worker = testWorker(database, { poll: true, pollIntervalMs: 10 });
      await receiver.waitForRequests(1);
      const started = Date.now();
      await worker.stop();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await message(id)).toMatchObject({ status: 'pending', attempts: 0, locked_by: null, locked_until: null });
      expect(await attempts(id)).toHaveLength(0);
    });

    it('a wake-up after enqueueing sends at once, without waiting for the next poll', async () => {
      const { receiver, alert } = await setup();
      const worker = testWorker(database, { poll: true, pollIntervalMs: 60_000 });
      try {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const id = await enqueueOne(alert, fakeClock());
        wakeDeliveryWorkers();
        await receiver.waitForRequests(1, 5_000);
        expect(receiver.requests[0]?.webhookId).toBe(id);
      } finally {
        await worker.stop();
      }
    });

    it('one event matching two alerts: one message each, both delivered, distinct webhook-ids', async () => {
      const { receiver, alert } = await setup();
      const second = await insertAlertRow(database.db, account, { webhookId: alert.webhook_id ?? '' });
      const clock = fakeClock();
      const ids = await enqueueJsError(database.db, account, [alert, second], clock.now());
      const worker = testWorker(database, { clock });
      expect(await worker.runOnce()).toBe(2);
      await worker.stop();
      expect(new Set(receiver.requests.map((request) => request.webhookId))).toEqual(new Set(ids));
    });
  });
}
