import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertVisitor } from '../../test/session-fixtures.ts';
import { migrateToLatest } from '../migrate.ts';
import {
  databaseBeforeMigration,
  expectNameKeyGone,
  indexColumns,
  insertInBatches,
  visitorsByNameKey,
  visitorsNamed,
} from './migration-test-support.ts';

const UNDER_TEST = '2026-11-30T1800-visitor-last-name-key';
const NAMES = ['Ana María López', 'Jan van der Berg', 'Chloé O’Brien', 'Madonna', null];

for (const kind of testDatabaseKinds) {
  describe(`visitor last name key migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('keys the last word of the names of three words or more already kept, indexes it, and goes back down', async () => {
      const { db, migrator, before } = await open(kind);
      await insertAccount(db, 'acc_1');
      // More visitors than one batch of the migration, so it walks on from one to the next.
      const keys: Record<string, [string, string]> = {
        'Ana María López': ['ana maria lopez', 'maria lopez'],
        'Jan van der Berg': ['jan van der berg', 'van der berg'],
        'Chloé O’Brien': ["chloe o'brien", "o'brien"],
        Madonna: ['madonna', ''],
      };
      await insertInBatches(
        db,
        'visitors',
        visitorsNamed(12_505, NAMES, (name) => {
          const [key, tail] = keys[name] ?? [null, null];
          return { name_key: key, name_tail_key: tail || null };
        }),
      );

      await migrateToLatest(db);
      expect(await visitorsByNameKey(db, 'name_last_key')).toEqual([
        ['', null, 2_501],
        ['Ana María López', 'lopez', 2_501],
        ['Chloé O’Brien', null, 2_501],
        ['Jan van der Berg', 'berg', 2_501],
        ['Madonna', null, 2_501],
      ]);
      // A later migration (2026-12-07T1300) gave the last words' index the name's key and the id too, under a
      // name of its own.
      expect((await indexColumns(db, 'visitors_name_last_key_name_idx')).key.slice(0, 2)).toEqual([
        'account_id',
        'name_last_key',
      ]);
      // Visitors written afterwards carry their key from the start.
      const later = await insertVisitor(db, 'acc_1', { name: 'Seán Ó Gráda' });
      expect(later).toMatchObject({ name_key: 'sean o grada', name_last_key: 'grada' });

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      await expectNameKeyGone(db, 'name_last_key', 'visitors_name_last_key_idx');
      expect((await indexColumns(db, 'visitors_name_last_key_name_idx')).key).toEqual([]);
    });
  });
}
