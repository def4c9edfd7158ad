import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../db/database.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../../../test/harness.ts';
import { createAccountFixture, enqueueJsError, insertAlertRow, insertWebhookRow } from '../test-support/fixtures.ts';
import { type Receiver, startReceiver } from '../test-support/receiver.ts';
import { testWorker } from '../test-support/worker-kit.ts';

const WORKER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test-support/worker-process.ts');
const CLAIM_TTL_MS = 4_000;
const REQUEST_TIMEOUT_MS = 3_000;

function startWorkerProcess(databaseUrl: string): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', WORKER_SCRIPT, databaseUrl, String(CLAIM_TTL_MS), String(REQUEST_TIMEOUT_MS)],
    {
      env: { ...process.env, ALLOW_HTTP_WEBHOOKS: 'true', ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

for (const kind of testDatabaseKinds) {
  describe(`a worker process killed during a delivery loses nothing [${kind}]`, () => {
    let testDb: TestDatabase;
    let database: DatabaseHandle;
    let receiver: Receiver;
    let child: ChildProcess | undefined;

    beforeAll(async () => {
      testDb = await createTestDatabase(kind);
      database = openDatabase(testDb.url, { poolSize: 2 });
      await migrateToLatest(database.db);
      // The first request is held open until the worker sending it dies; the next is answered.
      receiver = await startReceiver({ replies: ['hang', { status: 200 }] });
    });
    afterAll(async () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await receiver?.close();
      await database?.close();
      await testDb?.drop();
    });

    it(
      'kill -9 mid-request: once the claim expires another worker delivers the same message',
      { timeout: 60_000 },
      async () => {
        const db = database.db;
        const account = await createAccountFixture(db);
        const webhook = await insertWebhookRow(db, account, `${receiver.url}/hook`);
        receiver.secret = webhook.secret;
        const alert = await insertAlertRow(db, account, { webhookId: webhook.id });
        const [id] = await enqueueJsError(db, account, [alert], Date.now());

        child = startWorkerProcess(testDb.url);
        const exited = new Promise((resolve) => child?.once('exit', resolve));
        await receiver.waitForRequests(1, 30_000);
        expect(child.kill('SIGKILL')).toBe(true);
        await exited;

        const orphan = await db
          .selectFrom('outbox_messages')
          .selectAll()
          .where('id', '=', id ?? '')
          .executeTakeFirstOrThrow();
        expect(orphan).toMatchObject({ status: 'pending', attempts: 0 });
        expect(orphan.locked_by).not.toBeNull();
        expect(
          await db
            .selectFrom('delivery_attempts')
            .select('id')
            .where('message_id', '=', id ?? '')
            .execute(),
        ).toHaveLength(0);

        const worker = testWorker(database, { claimTtlMs: CLAIM_TTL_MS, requestTimeoutMs: REQUEST_TIMEOUT_MS });
        try {
          // While the dead worker's claim holds, nobody takes the message.
          expect(await worker.runOnce()).toBe(0);
          await new Promise((resolve) =>
            setTimeout(resolve, Math.max(0, (orphan.locked_until ?? 0) - Date.now() + 10)),
          );
          expect(await worker.runOnce()).toBe(1);
        } finally {
          await worker.stop();
        }

        expect(receiver.requests.map((request) => request.webhookId)).toEqual([id, id]);
        expect(receiver.requests.every((request) => request.verified)).toBe(true);
        const delivered = await db
          .selectFrom('outbox_messages')
          .selectAll()
          .where('id', '=', id ?? '')
          .executeTakeFirstOrThrow();
        expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, locked_by: null });
      },
    );
  });
}
