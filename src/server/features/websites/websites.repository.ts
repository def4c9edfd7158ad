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
