import { sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import type { SavedViewsTable, SessionColumnChoicesTable } from './views.table.ts';

/** The views someone sees: their own and the account's shared ones, by name. */
export function findVisibleViews(db: Db, accountId: string, ownerKey: string) {
  return db
    .selectFrom('saved_views')
    .selectAll()
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('owner_key', '=', ownerKey), eb('shared', '=', 1)]))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/**
 * Holds the account's view names until the transaction ends: on PostgreSQL an advisory lock of its own; a
 * SQLite transaction holds the file's write lock from its start already.
 */
export async function lockViewNames(db: Db, accountId: string): Promise<void> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(7243, hashtext(${accountId}))`.execute(db);
}

export function findView(db: Db, accountId: string, id: string) {
  return db
    .selectFrom('saved_views')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertView(db: Db, row: SavedViewsTable): Promise<void> {
  await db.insertInto('saved_views').values(row).execute();
}

export async function updateView(
  db: Db,
  accountId: string,
  id: string,
  changes: Partial<Pick<SavedViewsTable, 'name' | 'query' | 'shared' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('saved_views').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
}

export async function deleteViewRow(db: Db, accountId: string, id: string): Promise<void> {
  await db.deleteFrom('saved_views').where('account_id', '=', accountId).where('id', '=', id).execute();
}

export function findSessionColumns(db: Db, accountId: string, ownerKey: string) {
  return db
    .selectFrom('session_column_choices')
    .select(['columns', 'updated_at'])
    .where('account_id', '=', accountId)
    .where('owner_key', '=', ownerKey)
    .executeTakeFirst();
}

/** Sets someone's choice of columns, replacing the one before. */
export async function upsertSessionColumns(db: Db, row: SessionColumnChoicesTable): Promise<void> {
  await db
    .insertInto('session_column_choices')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['account_id', 'owner_key']).doUpdateSet({ columns: row.columns, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deletePrivateViewsOf(db: Db, accountId: string, ownerKey: string): Promise<void> {
  await db
    .deleteFrom('saved_views')
    .where('account_id', '=', accountId)
    .where('owner_key', '=', ownerKey)
    .where('shared', '=', 0)
    .execute();
}

export async function deleteSessionColumnsOf(db: Db, accountId: string, ownerKey: string): Promise<void> {
  await db
    .deleteFrom('session_column_choices')
    .where('account_id', '=', accountId)
    .where('owner_key', '=', ownerKey)
    .execute();
}
