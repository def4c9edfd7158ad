import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { type Receiver, startReceiver } from '../test-support/receiver.ts';
import { fakeClock, testWorker } from '../test-support/worker-kit.ts';
import { loadConfig } from '../../../config.ts';

/**
 * The SSRF guard at delivery time, with webhook rows written straight to the database (as if the
 * URL had been accepted earlier, or DNS had changed since): nothing reaches the receiver on
 * 127.0.0.1, and every attempt says why. The guard does not depend on the database, so SQLite only.
 */
describe('delivery refuses internal targets', () => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  let account: AccountFixture;
  let receiver: Receiver;

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
    database = openDatabase(testDb.url);
    await migrateToLatest(database.db);
    account = await createAccountFixture(database.db);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.close();
    await testDb?.drop();
  });

  async function deliverTo(url: string, env: Record<string, string>) {
    const webhook = await insertWebhookRow(database.db, account, url);
    const alert = await insertAlertRow(database.db, account, { webhookId: webhook.id });
    const clock = fakeClock();
    const [id] = await enqueueJsError(database.db, account, [alert], clock.now());
    const worker = testWorker(database, { clock, config: loadConfig({ LOG_LEVEL: 'silent', ...env }) });
    await worker.runOnce();
    await worker.stop();
    const attempt = await database.db
      .selectFrom('delivery_attempts')
      .selectAll()
      .where('message_id', '=', id ?? '')
      .executeTakeFirstOrThrow();
    return attempt;
  }

  const port = () => receiver.port;
  const defaults: { label: string; url: () => string; error: RegExp }[] = [
    {
      label: 'https://127.0.0.1',
      url: () => `https://127.0.0.1:${port()}/hook`,
      error: /Refusing to connect to 127\.0\.0\.1: it is a private or internal network address/,
    },
    {
      label: 'http://127.0.0.1 (http not allowed either)',
      url: () => `http://127.0.0.1:${port()}/hook`,
      error: /must use https/,
    },
    { label: 'https://10.0.0.1', url: () => 'https://10.0.0.1/hook', error: /Refusing to connect to 10\.0\.0\.1/ },
    { label: 'https://[::1]', url: () => `https://[::1]:${port()}/hook`, error: /Refusing to connect to \[::1\]/ },
    {
      label: 'https://[::ffff:127.0.0.1]',
      url: () => `https://[::ffff:127.0.0.1]:${port()}/hook`,
      error: /Refusing to connect to \[::ffff:7f00:1\]/,
    },
    {
      label: 'https://169.254.169.254 (cloud metadata)',
      url: () => 'https://169.254.169.254/latest/meta-data',
      error: /Refusing to connect to 169\.254\.169\.254/,
    },
    {
      label: 'https://localhost (a name resolving to loopback)',
      url: () => `https://localhost:${port()}/hook`,
      error: /Refusing to connect to localhost: it resolves to a private or internal network address/,
    },
  ];

  it.each(defaults)('default configuration, $label: nothing sent, a clear error recorded', async ({ url, error }) => {
    const before = receiver.requests.length;
    const attempt = await deliverTo(url(), {});
    expect(receiver.requests).toHaveLength(before);
    expect(attempt.status_code).toBeNull();
    expect(attempt.error).toMatch(error);
  });

  // With plain http allowed, the requests would otherwise reach the receiver: only the address guard stops them.
  const overHttp: { label: string; url: () => string; error: RegExp }[] = [
    { label: '127.0.0.1', url: () => `http://127.0.0.1:${port()}/hook`, error: /Refusing to connect to 127\.0\.0\.1/ },
    { label: '[::1]', url: () => `http://[::1]:${port()}/hook`, error: /Refusing to connect to \[::1\]/ },
    { label: 'localhost', url: () => `http://localhost:${port()}/hook`, error: /Refusing to connect to localhost/ },
  ];

  it.each(overHttp)(
    'ALLOW_HTTP_WEBHOOKS=true but private targets not allowed, http://$label: refused',
    async ({ url, error }) => {
      const before = receiver.requests.length;
      const attempt = await deliverTo(url(), { ALLOW_HTTP_WEBHOOKS: 'true' });
      expect(receiver.requests).toHaveLength(before);
      expect(attempt.error).toMatch(error);
    },
  );

  it('the same request does reach the receiver once private targets are allowed (the control case)', async () => {
    const before = receiver.requests.length;
    const attempt = await deliverTo(`http://127.0.0.1:${port()}/hook`, {
      ALLOW_HTTP_WEBHOOKS: 'true',
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    });
    expect(receiver.requests).toHaveLength(before + 1);
    expect(attempt.status_code).toBe(200);
  });
});
