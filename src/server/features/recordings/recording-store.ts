import type { Db } from '../../db/database.ts';
import type { RecordingChunksTable } from './recordings.table.ts';

export type StoredChunk = RecordingChunksTable;
export type ChunkSummary = Omit<RecordingChunksTable, 'data'>;

/**
 * Where recording chunks live. This implementation keeps them in the service's own database; an
 * object store would keep `data` under `account/session/chunk` keys and this table as the index.
 */
export interface RecordingStore {
  /** Stores a chunk unless that number is already stored; false for a repeat. */
  put(chunk: StoredChunk): Promise<boolean>;
  get(accountId: string, sessionId: string, index: number): Promise<StoredChunk | undefined>;
  has(accountId: string, sessionId: string, index: number): Promise<boolean>;
  list(accountId: string, sessionId: string): Promise<ChunkSummary[]>;
  /** Compressed bytes stored for a session. */
  sessionBytes(accountId: string, sessionId: string): Promise<number>;
  /** Deletes up to `limit` chunks that expired before `now`; returns how many. */
  deleteExpired(now: number, limit: number): Promise<number>;
}

const SUMMARY_COLUMNS = [
  'account_id',
  'session_id',
  'chunk_index',
  'website_id',
  'compressed_bytes',
  'raw_bytes',
  'first_event_at',
  'last_event_at',
  'received_at',
  'clock_offset_ms',
  'expires_at',
] as const;

export function databaseRecordingStore(db: Db): RecordingStore {
  return {
    async put(chunk) {
      const result = await db
        .insertInto('recording_chunks')
        .values(chunk)
        .onConflict((conflict) => conflict.columns(['account_id', 'session_id', 'chunk_index']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    get(accountId, sessionId, index) {
      return db
        .selectFrom('recording_chunks')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('session_id', '=', sessionId)
        .where('chunk_index', '=', index)
        .executeTakeFirst();
    },
    async has(accountId, sessionId, index) {
      const row = await db
        .selectFrom('recording_chunks')
        .select('chunk_index')
        .where('account_id', '=', accountId)
        .where('session_id', '=', sessionId)
        .where('chunk_index', '=', index)
        .executeTakeFirst();
      return row !== undefined;
    },
    list(accountId, sessionId) {
      return db
        .selectFrom('recording_chunks')
        .select(SUMMARY_COLUMNS)
        .where('account_id', '=', accountId)
        .where('session_id', '=', sessionId)
        .orderBy('chunk_index')
        .execute();
    },
    async sessionBytes(accountId, sessionId) {
      const row = await db
        .selectFrom('recording_chunks')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('compressed_bytes'), eb.lit(0)).as('bytes'))
        .where('account_id', '=', accountId)
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return Number(row.bytes);
    },
    async deleteExpired(now, limit) {
      const doomed = await db
        .selectFrom('recording_chunks')
        .select(['account_id', 'session_id', 'chunk_index'])
        .where('expires_at', '<', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      let deleted = 0;
      // One statement per session's chunks: a short write lock each, never the whole table.
      const bySession = new Map<string, { accountId: string; sessionId: string; indexes: number[] }>();
      for (const row of doomed) {
        const key = `${row.account_id}\u0000${row.session_id}`;
        const entry = bySession.get(key) ?? { accountId: row.account_id, sessionId: row.session_id, indexes: [] };
        entry.indexes.push(row.chunk_index);
        bySession.set(key, entry);
      }
      for (const entry of bySession.values()) {
        const result = await db
          .deleteFrom('recording_chunks')
          .where('account_id', '=', entry.accountId)
          .where('session_id', '=', entry.sessionId)
          .where('chunk_index', 'in', entry.indexes)
          .executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      return deleted;
    },
  };
}
