import type { Db } from '../../db/database.ts';
import { characterCount } from '../../lib/characters.ts';
import { newId } from '../../lib/ids.ts';
import { findAccountByIdOrName, insertAccount } from './accounts.repository.ts';
import type { AccountsTable } from './accounts.table.ts';

export async function createAccount(db: Db, name: string): Promise<AccountsTable> {
  const trimmed = name.trim();
  if (trimmed.length === 0 || characterCount(trimmed) > 100) throw new Error('An account name is 1 to 100 characters');
  if (await findAccountByIdOrName(db, trimmed)) throw new Error(`An account named "${trimmed}" already exists`);
  const row = { id: newId('acc'), name: trimmed, created_at: Math.floor(Date.now() / 1000), ip_truncation: 0 };
  await insertAccount(db, row);
  return row;
}

/** Finds an account by id or by name; throws a message fit for the command line when there is none. */
export async function requireAccount(db: Db, idOrName: string): Promise<AccountsTable> {
  const account = await findAccountByIdOrName(db, idOrName);
  if (!account) throw new Error(`No account with id or name "${idOrName}"`);
  return account;
}
