import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertVisitor } from '../../test/session-fixtures.ts';
import { migrateToLatest } from '../migrate.ts';
import { databaseBeforeMigration, indexColumns } from './migration-test-support.ts';

const UNDER_TEST = '2026-12-07T1300-visitor-name-word-keys-order-by-name';
const KEYS = ['name_tail_key', 'name_third_key', 'name_last_key'] as const;
const indexOf = (key: string) => `visitors_${key}_idx`;
const orderedIndexOf = (key: string) => `visitors_${key}_name_idx`;

for (const kind of testDatabaseKinds) {
  describe(`visitor name word keys order by name migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('orders the keys after the first word by name and id in their indexes, and goes back down', async () => {
      const { db, migrator, before } = await open(kind);
      await insertAccount(db, 'acc_1');
      await insertVisitor(db, 'acc_1', { id: 'v_1', name: 'Ana María López García' });
      for (const key of KEYS) expect((await indexColumns(db, indexOf(key))).key).toEqual(['account_id', key]);

      await migrateToLatest(db);
      for (const key of KEYS) {
        expect(await indexColumns(db, orderedIndexOf(key))).toEqual({
          key: ['account_id', key, 'name_key', 'id'],
          included: [],
        });
        expect((await indexColumns(db, indexOf(key))).key).toEqual([]);
      }

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      for (const key of KEYS) {
        expect((await indexColumns(db, indexOf(key))).key).toEqual(['account_id', key]);
        expect((await indexColumns(db, orderedIndexOf(key))).key).toEqual([]);
      }
    });
  });
}
