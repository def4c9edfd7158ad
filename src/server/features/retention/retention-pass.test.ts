import { expect, it } from 'vitest';
import { sendJson } from '../../test/api-requests.ts';
import { describeApi } from '../../test/harness.ts';
import { databaseRecordingStore } from '../recordings/recording-store.ts';
import { gzipJson, rrwebEvents, sendPageView } from '../recordings/test-support/recording-requests.ts';
import { newVisitIds, publicKeyOf } from '../../test/tracker-ids.ts';
import { runRetentionPass } from './retention-pass.ts';
import { DAY_MS, setRetention } from './retention.service.ts';

const NOW = Date.UTC(2026, 5, 1);

describeApi('Retention', (ctx) => {
  async function seedHistory(accountId: string, websiteId: string, ageDays: number, count: number) {
    const db = ctx().database.db;
    const at = NOW - ageDays * DAY_MS;
    for (let index = 0; index < count; index++) {
      const suffix = `${ageDays}_${index}_${accountId}`;
      await db
        .insertInto('session_events')
        .values({
          account_id: accountId,
          id: `evt_${suffix}`,
          session_id: 's_old',
          kind: 5,
          occurred_at: at,
          data: '{}',
        })
        .execute();
      await db
        .insertInto('outbox_messages')
        .values({
          account_id: accountId,
          id: `msg_${suffix}`,
          alert_id: 'alr_x',
          webhook_id: null,
          chat_channel_id: 'C1',
          payload: '{}',
          status: index === 0 ? 'pending' : 'delivered',
          attempts: 1,
          next_attempt_at: at,
          locked_until: null,
          locked_by: null,
          created_at: at,
          delivered_at: at,
          last_error: null,
        })
        .execute();
      await db
        .insertInto('delivery_attempts')
        .values({
          account_id: accountId,
          id: `att_${suffix}`,
          message_id: `msg_${suffix}`,
          attempted_at: at,
          duration_ms: 5,
          status_code: 200,
          error: null,
          next_attempt_at: null,
        })
        .execute();
      await databaseRecordingStore(db).put({
        account_id: accountId,
        session_id: `s_${ageDays}`,
        chunk_index: index,
        website_id: websiteId,
        data: gzipJson(rrwebEvents(at)),
        compressed_bytes: 10,
        raw_bytes: 10,
        first_event_at: at,
        last_event_at: at,
        received_at: at,
        clock_offset_ms: 0,
        expires_at: at + 30 * DAY_MS,
      });
    }
  }

  async function counts(accountId: string) {
    const db = ctx().database.db;
    const count = async (table: 'session_events' | 'outbox_messages' | 'delivery_attempts' | 'recording_chunks') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('account_id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      events: await count('session_events'),
      messages: await count('outbox_messages'),
      attempts: await count('delivery_attempts'),
      chunks: await count('recording_chunks'),
    };
  }

  it("deletes what is older than each account's retention, in bounded batches, keeping pending messages", async () => {
    const standard = await ctx().newAccount();
    const short = await ctx().newAccount();
    await setRetention(ctx().database.db, short.accountId, 7);
    for (const account of [standard, short]) {
      await seedHistory(account.accountId, account.websiteId, 40, 5);
      await seedHistory(account.accountId, account.websiteId, 10, 3);
    }
    let pauses = 0;
    const deleted = await runRetentionPass({
      db: ctx().database.db,
      store: databaseRecordingStore(ctx().database.db),
      now: NOW,
      batchSize: 2,
      pause: async () => {
        pauses += 1;
      },
      stopped: () => false,
    });
    // 40-day-old chunks expired 10 days ago; the 10-day-old ones are still within their 30 days.
    expect(await counts(standard.accountId)).toEqual({ events: 3, messages: 4, attempts: 4, chunks: 3 });
    // 7 days: everything of 10 and 40 days ago goes, except the pending messages (and their attempts).
    expect(await counts(short.accountId)).toEqual({ events: 0, messages: 2, attempts: 2, chunks: 3 });
    expect(deleted.chunks).toBe(10);
    expect(pauses).toBeGreaterThan(5);
  });

  it('stops between statements when asked', async () => {
    const account = await ctx().newAccount();
    await seedHistory(account.accountId, account.websiteId, 400, 6);
    const deleted = await runRetentionPass({
      db: ctx().database.db,
      store: databaseRecordingStore(ctx().database.db),
      now: NOW + 400 * DAY_MS,
      batchSize: 2,
      pause: async () => {},
      stopped: (() => {
        let calls = 0;
        return () => ++calls > 1;
      })(),
    });
    expect(deleted.chunks).toBe(2);
  });

  it("sets a new session's expiration from the account's retention", async () => {
    const account = await ctx().newAccount();
    expect((await sendJson(ctx(), account.token, 'GET', '/v1/account/retention')).json()).toEqual({ days: 30 });
    await setRetention(ctx().database.db, account.accountId, 7);
    expect((await sendJson(ctx(), account.token, 'GET', '/v1/account/retention')).json()).toEqual({ days: 7 });
    const ids = newVisitIds();
    expect((await sendPageView(ctx(), await publicKeyOf(ctx(), account.websiteId), ids)).statusCode).toBe(202);
    const session = (await sendJson(ctx(), account.token, 'GET', `/v1/sessions/${ids.session_id}`)).json<{
      creation_timestamp: number;
      expiration_timestamp: number;
    }>();
    expect(session.expiration_timestamp - session.creation_timestamp).toBe(7 * 86_400);
  });
});
