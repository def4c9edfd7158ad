import type { Db } from '../../db/database.ts';
import type { WebsitesTable } from './websites.table.ts';

export function insertWebsite(db: Db, row: WebsitesTable) {
  return db.insertInto('websites').values(row).execute();
}

export function listWebsiteRows(db: Db, accountId: string) {
  return db
    .selectFrom('websites')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findWebsiteRow(db: Db, accountId: string, websiteId: string) {
  return db
    .selectFrom('websites')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', websiteId)
    .executeTakeFirst();
}

export function findWebsiteRowByHost(db: Db, accountId: string, host: string) {
  return db
    .selectFrom('websites')
    .select('id')
    .where('account_id', '=', accountId)
    .where('host', '=', host)
    .executeTakeFirst();
}

/**
 * The last event time of the website's most recently started session: one step down the
 * (account, website, creation) index, so the install check can poll it cheaply.
 */
export async function findLastEventTimestamp(db: Db, accountId: string, websiteId: string): Promise<number | null> {
  const row = await db
    .selectFrom('sessions')
    .select('last_event_timestamp')
    .where('account_id', '=', accountId)
    .where('website_id', '=', websiteId)
    .orderBy('creation_timestamp', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.last_event_timestamp) : null;
}

export function findWebsiteRowByPublicKey(db: Db, publicKey: string) {
  return db.selectFrom('websites').selectAll().where('public_key', '=', publicKey).executeTakeFirst();
}

/** Whether some website's host is one of `hosts` (the CORS preflight, which carries no key). */
export async function anyWebsiteRowWithHost(db: Db, hosts: readonly string[]): Promise<boolean> {
  if (hosts.length === 0) return false;
  const row = await db.selectFrom('websites').select('id').where('host', 'in', hosts).limit(1).executeTakeFirst();
  return row !== undefined;
}
