import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../db/database.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../../../test/harness.ts';
import type { DeliveryWorker } from './delivery-worker.ts';
import { createAccountFixture, enqueueJsError, insertAlertRow, insertWebhookRow } from '../test-support/fixtures.ts';
import { type Receiver, startReceiver } from '../test-support/receiver.ts';
import { testWorker } from '../test-support/worker-kit.ts';

const MESSAGES = 60;

/**
 * PostgreSQL: each worker on its own pool, as two server processes would be. SQLite: both workers
 * on the process's one connection, as the server runs them (two SQLite connections in one process
 * would make one wait for the other's write lock while blocking the event loop the other needs).
 */
for (const kind of testDatabaseKinds) {
  describe(`two workers on one database [${kind}]`, () => {
    let testDb: TestDatabase;
    let handles: DatabaseHandle[] = [];
    let receiver: Receiver;

    beforeAll(async () => {
      testDb = await createTestDatabase(kind);
      const first = openDatabase(testDb.url, { poolSize: 4 });
      handles = [first, kind === 'postgres' ? openDatabase(testDb.url, { poolSize: 4 }) : first];
      await migrateToLatest(handles[0]!.db);
      // A little latency per request, so the two workers' rounds overlap.
      receiver = await startReceiver({ replies: [{ status: 200, delayMs: 5 }] });
    });
    afterAll(async () => {
      await receiver?.close();
      await Promise.all([...new Set(handles)].map((handle) => handle.close()));
      await testDb?.drop();
    });

    it(`deliver ${MESSAGES} messages exactly once each`, async () => {
      const db = handles[0]!.db;
      const account = await createAccountFixture(db);
      const webhook = await insertWebhookRow(db, account, `${receiver.url}/hook`);
      receiver.secret = webhook.secret;
      const alert = await insertAlertRow(db, account, { webhookId: webhook.id });
      const ids: string[] = [];
      for (let i = 0; i < MESSAGES; i += 1) ids.push(...(await enqueueJsError(db, account, [alert], Date.now())));

      const workers: DeliveryWorker[] = handles.map((handle) =>
        testWorker(handle, { poll: true, pollIntervalMs: 5, batchSize: 3 }),
      );
      try {
        await receiver.waitForRequests(MESSAGES, 30_000);
        const deadline = Date.now() + 10_000;
        while (
          (await db.selectFrom('outbox_messages').select('id').where('status', '=', 'pending').execute()).length > 0
        ) {
          if (Date.now() > deadline) throw new Error('messages still pending');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }

      const seen = receiver.requests.map((request) => request.webhookId);
      expect(seen).toHaveLength(MESSAGES);
      expect(new Set(seen)).toEqual(new Set(ids));
      expect(receiver.requests.every((request) => request.verified)).toBe(true);
      const messages = await db.selectFrom('outbox_messages').select(['status', 'attempts', 'locked_by']).execute();
      expect(messages).toHaveLength(MESSAGES);
      expect(messages.every((row) => row.status === 'delivered' && row.attempts === 1 && row.locked_by === null)).toBe(
        true,
      );
      const attempts = await db.selectFrom('delivery_attempts').select('message_id').execute();
      expect(attempts).toHaveLength(MESSAGES);
    });
  });
}
