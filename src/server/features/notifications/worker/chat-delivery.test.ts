import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../db/database.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../../../test/harness.ts';
import { type AccountFixture, createAccountFixture, enqueueJsError, insertAlertRow } from '../test-support/fixtures.ts';
import { type Receiver, type Reply, startReceiver } from '../test-support/receiver.ts';
import { fakeClock, localTargetsConfig, testWorker } from '../test-support/worker-kit.ts';

const TOKEN = 'xoxb-test-token';
const slack = (answer: object): Reply => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(answer),
});

for (const kind of testDatabaseKinds) {
  describe(`chat delivery through chat.postMessage [${kind}]`, () => {
    let testDb: TestDatabase;
    let database: DatabaseHandle;
    let account: AccountFixture;
    let chatApi: Receiver;

    beforeAll(async () => {
      testDb = await createTestDatabase(kind);
      database = openDatabase(testDb.url, { poolSize: 4 });
      await migrateToLatest(database.db);
      account = await createAccountFixture(database.db);
      chatApi = await startReceiver();
    });
    afterEach(async () => {
      await database.db.deleteFrom('outbox_messages').execute();
      chatApi.requests.length = 0;
    });
    afterAll(async () => {
      await chatApi?.close();
      await database?.close();
      await testDb?.drop();
    });

    async function deliverOnce(
      replies: Reply[],
      env: Record<string, string> = { CHAT_API_URL: `${chatApi.url}/api/`, CHAT_BOT_TOKEN: TOKEN },
    ) {
      chatApi.replies = replies;
      const alert = await insertAlertRow(database.db, account, { chatChannelId: 'C0123CHECKOUT' });
      const clock = fakeClock();
      const [id] = await enqueueJsError(database.db, account, [alert], clock.now());
      const worker = testWorker(database, { clock, config: localTargetsConfig(env) });
      await worker.runOnce();
      await worker.stop();
      const message = await database.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('id', '=', id ?? '')
        .executeTakeFirstOrThrow();
      return { alert, message, clock };
    }

    it('posts a short message with the bot token: alert, event, visitor and a link to the session', async () => {
      const { alert, message } = await deliverOnce([slack({ ok: true, channel: 'C0123CHECKOUT', ts: '1.2' })]);
      expect(message).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(chatApi.requests).toHaveLength(1);
      const [request] = chatApi.requests;
      expect(request?.path).toBe('/api/chat.postMessage');
      expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request?.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(request?.body ?? '{}') as { channel: string; text: string; blocks: unknown[] };
      expect(body.channel).toBe('C0123CHECKOUT');
      expect(body.text).toContain(alert.name);
      expect(body.text).toContain('JSError');
      expect(body.text).toContain('Marie Curie');
      expect(body.text).toContain('marie@example.com');
      expect(body.text).toContain('https://app.example.test/sessions/ses_1');
      // The link opens the replay at the event's moment.
      expect(JSON.stringify(body.blocks)).toMatch(
        /<https:\/\/app\.example\.test\/sessions\/ses_1\?t=\d+\|Open the session>/,
      );
    });

    it('ok:false with a permanent error (channel_not_found) fails at once', async () => {
      const { message } = await deliverOnce([slack({ ok: false, error: 'channel_not_found' })]);
      expect(message).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: 'The chat API refused the message: channel_not_found',
      });
    });

    it('ok:false with a passing error (internal_error) is retried on the schedule', async () => {
      const { message, clock } = await deliverOnce([slack({ ok: false, error: 'internal_error' })]);
      expect(message).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: clock.now() + 30_000 });
    });

    it('HTTP 429 from the chat API: its retry-after is honoured', async () => {
      const { message, clock } = await deliverOnce([{ status: 429, headers: { 'retry-after': '7' } }]);
      expect(message).toMatchObject({ status: 'pending', next_attempt_at: clock.now() + 7_000 });
    });

    it('without CHAT_BOT_TOKEN: failed with a clear error, nothing sent', async () => {
      const { message } = await deliverOnce([slack({ ok: true })], { CHAT_API_URL: chatApi.url });
      expect(chatApi.requests).toHaveLength(0);
      expect(message).toMatchObject({
        status: 'failed',
        last_error: expect.stringContaining('Chat is not configured'),
      });
    });
  });
}
