import { DEFAULT_RETENTION_DAYS } from '../../../api/recording-limits.ts';
import type { Db } from '../../db/database.ts';
import { findRetentionDays, upsertRetentionDays } from './retention.repository.ts';

export const DAY_MS = 86_400_000;

/** How many days the account keeps recordings, events and delivery history. */
export async function retentionDaysFor(db: Db, accountId: string): Promise<number> {
  return (await findRetentionDays(db, accountId)) ?? DEFAULT_RETENTION_DAYS;
}

export async function getRetention(db: Db, accountId: string): Promise<{ days: number }> {
  return { days: await retentionDaysFor(db, accountId) };
}

/** Applies to what is recorded from now on; recordings already stored keep their expiration. */
export async function setRetention(db: Db, accountId: string, days: number): Promise<{ days: number }> {
  await upsertRetentionDays(db, accountId, days);
  return { days };
}
