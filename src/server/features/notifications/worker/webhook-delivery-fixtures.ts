/**
 * What the webhook delivery suites share: a migrated database of the given kind with one account, receivers
 * that check signatures (closed after each test, with the outbox emptied), and the rows a delivery leaves.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../db/database.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { type TestDatabase, createTestDatabase } from '../../../test/harness.ts';
import {
  type AccountFixture,
  createAccountFixture,
  enqueueJsError,
  insertAlertRow,
  insertWebhookRow,
} from '../test-support/fixtures.ts';
import { type Receiver, type Reply, startReceiver } from '../test-support/receiver.ts';
import type { FakeClock } from '../test-support/worker-kit.ts';

export const HOUR = 3_600_000;

/** Registers the suite's hooks; `database`, `account` and `receivers` are there once its tests run. */
export function webhookDeliverySuite(kind: TestDatabase['label']) {
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

  return {
    get database() {
      return database;
    },
    get account() {
      return account;
    },
    /** Receivers closed after the test. */
    get receivers() {
      return receivers;
    },
    setup,
    message,
    attempts,
    webhookRow,
    enqueueOne,
  };
}
