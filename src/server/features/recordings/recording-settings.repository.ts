import type { Db } from '../../db/database.ts';
import type { RecordingSettingsTable } from './recordings.table.ts';

export function findRecordingSettingsRow(db: Db, accountId: string, websiteId: string) {
  return db
    .selectFrom('recording_settings')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('website_id', '=', websiteId)
    .executeTakeFirst();
}

export async function upsertRecordingSettingsRow(db: Db, row: RecordingSettingsTable): Promise<void> {
  const { account_id: _account, website_id: _website, ...changes } = row;
  await db
    .insertInto('recording_settings')
    .values(row)
    .onConflict((conflict) => conflict.columns(['account_id', 'website_id']).doUpdateSet(changes))
    .execute();
}
