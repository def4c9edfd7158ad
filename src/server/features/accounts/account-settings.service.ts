import type { AccountSettingsResource, UpdateAccountSettingsInput } from '../../../api/schemas/account.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { findAccount, updateAccountRow } from './accounts.repository.ts';
import type { AccountsTable } from './accounts.table.ts';

function toSettings(row: AccountsTable): AccountSettingsResource {
  return { account_id: row.id, name: row.name, ip_truncation: row.ip_truncation === 1 };
}

export async function getAccountSettings(db: Db, accountId: string): Promise<AccountSettingsResource> {
  const row = await findAccount(db, accountId);
  if (!row) throw errors.notFound('Account');
  return toSettings(row);
}

/** Changes the settings present in the body; the others keep their values. */
export async function updateAccountSettings(
  db: Db,
  accountId: string,
  input: UpdateAccountSettingsInput,
): Promise<AccountSettingsResource> {
  if (input.ip_truncation !== undefined) {
    await updateAccountRow(db, accountId, { ip_truncation: input.ip_truncation ? 1 : 0 });
  }
  return getAccountSettings(db, accountId);
}

/** Whether the account stores visitors' addresses truncated; what ingest asks for every batch. */
export async function truncatesIps(db: Db, accountId: string): Promise<boolean> {
  const row = await findAccount(db, accountId);
  return row?.ip_truncation === 1;
}
