import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../db/database.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { type TestDatabase, createTestDatabase, testDatabaseKinds } from '../../../test/harness.ts';
import { type AccountFixture, createAccountFixture, enqueueJsError, insertAlertRow } from '../test-support/fixtures.ts';
import { type Receiver, type Reply, startReceiver } from '../test-support/receiver.ts';
import { fakeClock, localTargetsConfig, testWorker } from '../test-support/worker-kit.ts';

const TOKEN = 'xoxb-1234567890-secret-bot-token';
const FILLER = 'stack trace and request dump '.repeat(200);

/** A chat API that echoes the request's token in its answers, with a long body. */
const echoing = (status: number, error: string, headers: Record<string, string> = {}) => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ ok: false, error, detail: `Authorization: Bearer ${TOKEN}`, dump: FILLER }),
});

for (const kind of testDatabaseKinds) {
  describe(`what the chat API answers stays out of the delivery log and the server log [${kind}]`, () => {
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
    afterAll(async () => {
      await chatApi?.close();
      await database?.close();
      await testDb?.drop();
    });

    async function deliverOnce(reply: Exclude<Reply, 'hang'>) {
      chatApi.replies = [reply];
      let logged = '';
      const log = pino(
        { level: 'trace' },
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            logged += chunk.toString();
            callback();
          },
        }),
      );
      const alert = await insertAlertRow(database.db, account, { chatChannelId: 'C0123CHECKOUT' });
      const clock = fakeClock();
      const [id = ''] = await enqueueJsError(database.db, account, [alert], clock.now());
      const worker = testWorker(database, {
        clock,
        log,
        config: localTargetsConfig({ CHAT_API_URL: `${chatApi.url}/api/`, CHAT_BOT_TOKEN: TOKEN }),
      });
      await worker.runOnce();
      await worker.stop();
      const message = await database.db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const attempts = await database.db
        .selectFrom('delivery_attempts')
        .selectAll()
        .where('message_id', '=', id)
        .execute();
      return { message, attempts, logged };
    }

    const cases: [label: string, reply: Exclude<Reply, 'hang'>, expected: string][] = [
      [
        'HTTP 200, ok:false, a known code',
        echoing(200, 'channel_not_found'),
        'The chat API refused the message: channel_not_found',
      ],
      [
        'HTTP 200, ok:false, the token as the code',
        echoing(200, TOKEN),
        'The chat API refused the message: unknown_error',
      ],
      [
        'HTTP 200, ok:false, a long code',
        echoing(200, `error ${FILLER}`),
        'The chat API refused the message: unknown_error',
      ],
      ['HTTP 500 with a JSON body', echoing(500, 'internal_error'), 'The chat API answered HTTP 500: internal_error.'],
      [
        'HTTP 502 with a text body',
        { status: 502, body: `Bearer ${TOKEN} ${FILLER}` },
        'The chat API answered HTTP 502.',
      ],
      ['HTTP 429', echoing(429, 'ratelimited', { 'retry-after': '7' }), 'The chat API answered HTTP 429: ratelimited.'],
    ];

    it.each(cases)('%s: keeps the status and the error code only', async (_label, reply, expected) => {
      const { message, attempts, logged } = await deliverOnce(reply);
      expect(chatApi.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(message.last_error).toBe(expected);
      expect(attempts.map((attempt) => attempt.error)).toEqual([expected]);
      expect(attempts[0]?.status_code).toBe(reply.status);
      expect(logged).toContain(expected);
      for (const stored of [JSON.stringify(message), JSON.stringify(attempts), logged]) {
        expect(stored).not.toContain(TOKEN);
        expect(stored).not.toContain('1234567890');
        expect(stored).not.toContain('stack trace and request dump');
      }
    });
  });
}
