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

const UNDER_TEST = '2026-12-01T1000-visitor-third-name-key';
/** Names as the table kept them before the migration, with their keys then. */
const KEPT: Record<string, { name_key: string; name_tail_key: string | null; name_last_key: string | null }> = {
  'Ana María López García': {
    name_key: 'ana maria lopez garcia',
    name_tail_key: 'maria lopez garcia',
    name_last_key: 'garcia',
  },
  'Jan van der Berg': { name_key: 'jan van der berg', name_tail_key: 'van der berg', name_last_key: 'berg' },
  'Ana María López': { name_key: 'ana maria lopez', name_tail_key: 'maria lopez', name_last_key: 'lopez' },
  Madonna: { name_key: 'madonna', name_tail_key: null, name_last_key: null },
};
const NAMES = [...Object.keys(KEPT), null];

for (const kind of testDatabaseKinds) {
  describe(`visitor third name key migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('keys the names of four words or more already kept from their third word on, indexes it, and goes back down', async () => {
      const { db, migrator, before } = await open(kind);
      await insertAccount(db, 'acc_1');
      // More visitors than one batch of the migration, so it walks on from one to the next.
      await insertInBatches(
        db,
        'visitors',
        visitorsNamed(12_505, NAMES, (name) => KEPT[name] ?? {}),
      );

      await migrateToLatest(db);
      expect(await visitorsByNameKey(db, 'name_third_key')).toEqual([
        ['', null, 2_501],
        ['Ana María López', null, 2_501],
        ['Ana María López García', 'lopez garcia', 2_501],
        ['Jan van der Berg', 'der berg', 2_501],
        ['Madonna', null, 2_501],
      ]);
      // A later migration (2026-12-07T1300) gave the index the name's key and the id too, under a name of its own.
      expect((await indexColumns(db, 'visitors_name_third_key_name_idx')).key.slice(0, 2)).toEqual([
        'account_id',
        'name_third_key',
      ]);
      // Visitors written afterwards carry their key from the start.
      const later = await insertVisitor(db, 'acc_1', { name: 'Pedro Alonso de la Vega' });
      expect(later).toMatchObject({ name_key: 'pedro alonso de la vega', name_third_key: 'de la vega' });

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      await expectNameKeyGone(db, 'name_third_key', 'visitors_name_third_key_idx');
    });
  });
}
