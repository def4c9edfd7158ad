import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/harness.ts';
import { fakeClock, testWorker } from '../test-support/worker-kit.ts';
import { DISABLE_AFTER_FAILING_MS } from '../webhooks/webhook-health.ts';
import { HOUR, webhookDeliverySuite } from './webhook-delivery-fixtures.ts';

for (const kind of testDatabaseKinds) {
  describe(`webhook delivery [${kind}]`, () => {
    const delivery = webhookDeliverySuite(kind);
    const { setup, message, attempts, webhookRow, enqueueOne } = delivery;

    it('3 days without a success disable the webhook and flag its alert; its later messages fail unsent', async () => {
      const { receiver, webhook, alert } = await setup([{ status: 500 }]);
      const clock = fakeClock();
      const first = await enqueueOne(alert, clock);
      const worker = testWorker(delivery.database, { clock });
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
      const flagged = await delivery.database.db
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
      await delivery.database.db.updateTable('webhooks').set({ enabled: 0 }).where('id', '=', webhook.id).execute();
      const clock = fakeClock();
      const id = await enqueueOne(alert, clock);
      const worker = testWorker(delivery.database, { clock });
      await worker.runOnce();
      await worker.stop();
      expect(receiver.requests).toHaveLength(0);
      expect(await message(id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: 'The webhook is disabled; nothing was sent.',
      });
    });
  });
}
