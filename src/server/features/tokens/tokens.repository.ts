import type { Db } from '../../db/database.ts';
import type { ApiTokensTable } from './tokens.table.ts';

export function insertToken(db: Db, row: ApiTokensTable) {
  return db.insertInto('api_tokens').values(row).execute();
}

export function findTokenByHash(db: Db, tokenHash: string) {
  return db.selectFrom('api_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function listTokenRows(db: Db, accountId: string) {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function touchToken(db: Db, accountId: string, tokenId: string, at: number) {
  return db
    .updateTable('api_tokens')
    .set({ last_used_at: at })
    .where('account_id', '=', accountId)
    .where('id', '=', tokenId)
    .execute();
}

export async function revokeToken(db: Db, accountId: string, tokenId: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('account_id', '=', accountId)
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
