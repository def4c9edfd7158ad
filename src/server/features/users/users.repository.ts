import { type Db, isPostgres } from '../../db/database.ts';
import type { LoginSessionsTable, PasswordLinksTable, UsersTable } from './users.table.ts';

export function insertUser(db: Db, row: UsersTable) {
  return db.insertInto('users').values(row).execute();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserRow(db: Db, accountId: string, userId: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function listUserRows(db: Db, accountId: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The account's admins, locked until the transaction ends on PostgreSQL, so two concurrent demotions
 * cannot both see "another admin remains" (SQLite runs one write transaction at a time anyway).
 */
export async function countAdminsForUpdate(db: Db, accountId: string): Promise<number> {
  const query = db.selectFrom('users').select('id').where('account_id', '=', accountId).where('role', '=', 'admin');
  return (await (isPostgres(db) ? query.forUpdate() : query).execute()).length;
}

export function updateUserRow(db: Db, accountId: string, userId: string, changes: Pick<UsersTable, 'name' | 'role'>) {
  return db.updateTable('users').set(changes).where('account_id', '=', accountId).where('id', '=', userId).execute();
}

export function deleteUserRow(db: Db, accountId: string, userId: string) {
  return db.deleteFrom('users').where('account_id', '=', accountId).where('id', '=', userId).execute();
}

export function insertLoginSession(db: Db, row: LoginSessionsTable) {
  return db.insertInto('login_sessions').values(row).execute();
}

export function findLoginSessionUser(db: Db, idHash: string, now: number) {
  return db
    .selectFrom('login_sessions')
    .innerJoin('users', (join) =>
      join.onRef('users.account_id', '=', 'login_sessions.account_id').onRef('users.id', '=', 'login_sessions.user_id'),
    )
    .select(['users.account_id', 'users.id', 'users.email', 'users.role'])
    .where('login_sessions.id_hash', '=', idHash)
    .where('login_sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export function deleteLoginSession(db: Db, idHash: string) {
  return db.deleteFrom('login_sessions').where('id_hash', '=', idHash).execute();
}

export function deleteExpiredLoginSessions(db: Db, now: number) {
  return db.deleteFrom('login_sessions').where('expires_at', '<=', now).execute();
}

export function updateUserPasswordHash(db: Db, accountId: string, userId: string, passwordHash: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .execute();
}

/** Ends every sign-in of a person except the one with `keepIdHash`; returns how many ended. */
export async function deleteOtherLoginSessions(db: Db, accountId: string, userId: string, keepIdHash: string) {
  const result = await db
    .deleteFrom('login_sessions')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .where('id_hash', '!=', keepIdHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function insertPasswordLink(db: Db, row: PasswordLinksTable) {
  return db.insertInto('password_links').values(row).execute();
}

export function deletePasswordLinks(db: Db, accountId: string, userId: string) {
  return db.deleteFrom('password_links').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
}

export function findPasswordLinkUser(db: Db, tokenHash: string, now: number) {
  return db
    .selectFrom('password_links')
    .innerJoin('users', (join) =>
      join.onRef('users.account_id', '=', 'password_links.account_id').onRef('users.id', '=', 'password_links.user_id'),
    )
    .selectAll('users')
    .where('password_links.token_hash', '=', tokenHash)
    .where('password_links.expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteLoginSessionsOf(db: Db, accountId: string, userId: string) {
  await db.deleteFrom('login_sessions').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
}

/** Deletes one link; 1 when this transaction took it, 0 when another one already had. */
export async function takePasswordLink(db: Db, tokenHash: string): Promise<number> {
  const result = await db.deleteFrom('password_links').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows);
}
