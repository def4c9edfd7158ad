import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertVisitor } from '../../test/session-fixtures.ts';
import { migrateToLatest } from '../migrate.ts';
import { databaseBeforeMigration, indexColumns } from './migration-test-support.ts';

const UNDER_TEST = '2026-12-07T1300-visitor-last-name-key-holds-name';

for (const kind of testDatabaseKinds) {
  describe(`visitor last name key holds name migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('gives the last words’ index the name’s key, and goes back down', async () => {
      const { db, migrator, before } = await open(kind);
      await insertAccount(db, 'acc_1');
      await insertVisitor(db, 'acc_1', { id: 'v_1', name: 'Ana María López García' });
      expect(await indexColumns(db, 'visitors_name_last_key_idx')).toEqual({
        key: ['account_id', 'name_last_key'],
        included: [],
      });

      await migrateToLatest(db);
      expect(await indexColumns(db, 'visitors_name_last_key_name_idx')).toEqual(
        kind === 'postgres'
          ? { key: ['account_id', 'name_last_key'], included: ['name_key', 'id'] }
          : { key: ['account_id', 'name_last_key', 'name_key'], included: [] },
      );
      expect((await indexColumns(db, 'visitors_name_last_key_idx')).key).toEqual([]);

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect((await indexColumns(db, 'visitors_name_last_key_idx')).key).toEqual(['account_id', 'name_last_key']);
      expect((await indexColumns(db, 'visitors_name_last_key_name_idx')).key).toEqual([]);
    });
  });
}
