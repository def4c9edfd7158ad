import type { Db } from '../../db/database.ts';
import type { AccountsTable } from './accounts.table.ts';

export function insertAccount(db: Db, row: AccountsTable) {
  return db.insertInto('accounts').values(row).execute();
}

export function findAccountByIdOrName(db: Db, idOrName: string) {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]))
    .executeTakeFirst();
}

export async function countAccounts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findAccount(db: Db, accountId: string) {
  return db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
}

export function updateAccountRow(db: Db, accountId: string, changes: Partial<Pick<AccountsTable, 'ip_truncation'>>) {
  return db.updateTable('accounts').set(changes).where('id', '=', accountId).execute();
}
