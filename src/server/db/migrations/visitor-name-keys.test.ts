import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertVisitor } from '../../test/session-fixtures.ts';
import { migrateToLatest } from '../migrate.ts';
import { databaseBeforeMigration, indexColumns, insertInBatches, visitorsNamed } from './migration-test-support.ts';

const UNDER_TEST = '2026-11-30T1200-visitor-name-keys';
const NAMES = ['Chloé O’Brien', 'ZOË Müller', 'Ada Lovelace', null];

for (const kind of testDatabaseKinds) {
  describe(`visitor name keys migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('keys the names already kept, swaps the lower(name) index for the key’s, and goes back down', async () => {
      const { db, migrator, before } = await open(kind);
      await insertAccount(db, 'acc_1');
      // More visitors than one batch of the migration, so it walks on from one to the next.
      await insertInBatches(db, 'visitors', visitorsNamed(5_010, NAMES));
      expect((await indexColumns(db, 'visitors_name_lower_idx')).key).not.toEqual([]);

      await migrateToLatest(db);
      const { rows } = await sql<{
        name: string | null;
        name_key: string | null;
        name_tail_key: string | null;
        visitors: number | string;
      }>`select name, name_key, name_tail_key, count(*) as visitors from visitors
          group by name, name_key, name_tail_key`.execute(db);
      const keyed = rows.map((row) => [row.name, row.name_key, row.name_tail_key, Number(row.visitors)]);
      const order = (row: unknown[]) => String(row[1] ?? '\uffff');
      expect(keyed.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))).toEqual([
        ['Ada Lovelace', 'ada lovelace', 'lovelace', 1_252],
        // Without the apostrophe since a later migration (2026-12-07T1200).
        ['Chloé O’Brien', 'chloe obrien', 'obrien', 1_253],
        ['ZOË Müller', 'zoe muller', 'muller', 1_253],
        [null, null, null, 1_252],
      ]);
      // On PostgreSQL a later migration (2026-12-07T1100) gave the names' key index the id too, under a name
      // of its own.
      const nameKeyIndex = await indexColumns(
        db,
        kind === 'postgres' ? 'visitors_name_key_id_idx' : 'visitors_name_key_idx',
      );
      expect(nameKeyIndex).toEqual({ key: ['account_id', 'name_key'], included: kind === 'postgres' ? ['id'] : [] });
      // A later migration (2026-12-07T1300) gave the index the name's key and the id too, under a name of its own.
      expect((await indexColumns(db, 'visitors_name_tail_key_name_idx')).key.slice(0, 2)).toEqual([
        'account_id',
        'name_tail_key',
      ]);
      expect((await indexColumns(db, 'visitors_name_lower_idx')).key).toEqual([]);
      // Visitors written afterwards carry their key from the start.
      const later = await insertVisitor(db, 'acc_1', { name: 'Seán Ó Gráda' });
      expect(later).toMatchObject({ name_key: 'sean o grada', name_tail_key: 'o grada' });

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect((await indexColumns(db, 'visitors_name_key_idx')).key).toEqual([]);
      expect((await indexColumns(db, 'visitors_name_key_id_idx')).key).toEqual([]);
      expect((await indexColumns(db, 'visitors_name_tail_key_idx')).key).toEqual([]);
      expect((await indexColumns(db, 'visitors_name_lower_idx')).key).not.toEqual([]);
    });
  });
}
