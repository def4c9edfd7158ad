import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/harness.ts';
import type { DeliveryBody } from '../outbox/delivery-payload.ts';
import { enqueueJsError, insertAlertRow } from '../test-support/fixtures.ts';
import { fakeClock, testWorker } from '../test-support/worker-kit.ts';
import { wakeDeliveryWorkers } from './delivery-signal.ts';
import { webhookDeliverySuite } from './webhook-delivery-fixtures.ts';

for (const kind of testDatabaseKinds) {
  describe(`webhook delivery [${kind}]`, () => {
    const delivery = webhookDeliverySuite(kind);
    const { setup, message, attempts, enqueueOne } = delivery;

    it('delivers one signed message: webhook-id is the message id, the attempt is recorded, the message is delivered', async () => {
      const { receiver, webhook, alert } = await setup();
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      expect(
        (
          await delivery.database.db
            .selectFrom('alerts')
            .select('last_fired_at')
            .where('id', '=', alert.id)
            .executeTakeFirstOrThrow()
        ).last_fired_at,
      ).toBe(clock.now());

      const worker = testWorker(delivery.database, { clock });
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
        account_id: delivery.account.accountId,
        website_id: delivery.account.websiteId,
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

    it('stopping the worker mid-request drops the request and gives the message back untouched', async () => {
      const { receiver, alert } = await setup(['hang']);
      const id = await enqueueOne(alert, fakeClock());
      const worker = testWorker(delivery.database, { poll: true, pollIntervalMs: 10 });
      await receiver.waitForRequests(1);
      const started = Date.now();
      await worker.stop();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await message(id)).toMatchObject({ status: 'pending', attempts: 0, locked_by: null, locked_until: null });
      expect(await attempts(id)).toHaveLength(0);
    });

    it('a wake-up after enqueueing sends at once, without waiting for the next poll', async () => {
      const { receiver, alert } = await setup();
      const worker = testWorker(delivery.database, { poll: true, pollIntervalMs: 60_000 });
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
      const second = await insertAlertRow(delivery.database.db, delivery.account, {
        webhookId: alert.webhook_id ?? '',
      });
      const clock = fakeClock();
      const ids = await enqueueJsError(delivery.database.db, delivery.account, [alert, second], clock.now());
      const worker = testWorker(delivery.database, { clock });
      expect(await worker.runOnce()).toBe(2);
      await worker.stop();
      expect(new Set(receiver.requests.map((request) => request.webhookId))).toEqual(new Set(ids));
    });
  });
}
