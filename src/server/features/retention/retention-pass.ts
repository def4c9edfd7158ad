import type { Db } from '../../db/database.ts';
import type { RecordingStore } from '../recordings/recording-store.ts';
import { deleteOldAttempts, deleteOldEvents, deleteOldMessages, listAccountRetention } from './retention.repository.ts';
import { DAY_MS } from './retention.service.ts';
import { DEFAULT_RETENTION_DAYS } from '../../../api/recording-limits.ts';

export interface RetentionPassOptions {
  db: Db;
  store: RecordingStore;
  /** Unix milliseconds. */
  now: number;
  /** Rows per statement: small enough that no statement holds a table for long. */
  batchSize: number;
  /** Between statements, so ingestion and delivery writes get the database in between. */
  pause: () => Promise<void>;
  /** Checked between statements: a stopping worker leaves the rest for its next pass. */
  stopped: () => boolean;
}

export interface RetentionCounts {
  chunks: number;
  events: number;
  messages: number;
  attempts: number;
}

async function drain(options: RetentionPassOptions, deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  while (!options.stopped()) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < options.batchSize) break;
    await options.pause();
  }
  return total;
}

/**
 * Deletes what has outlived its retention: recordings past their expiration, and each account's events,
 * finished outbox messages and delivery attempts older than its retention period, in bounded batches.
 */
export async function runRetentionPass(options: RetentionPassOptions): Promise<RetentionCounts> {
  const { db, batchSize } = options;
  const counts: RetentionCounts = { chunks: 0, events: 0, messages: 0, attempts: 0 };
  counts.chunks = await drain(options, () => options.store.deleteExpired(options.now, batchSize));
  for (const account of await listAccountRetention(db)) {
    if (options.stopped()) break;
    const before = options.now - (account.days ?? DEFAULT_RETENTION_DAYS) * DAY_MS;
    counts.events += await drain(options, () => deleteOldEvents(db, account.account_id, before, batchSize));
    counts.messages += await drain(options, () => deleteOldMessages(db, account.account_id, before, batchSize));
    counts.attempts += await drain(options, () => deleteOldAttempts(db, account.account_id, before, batchSize));
  }
  return counts;
}
