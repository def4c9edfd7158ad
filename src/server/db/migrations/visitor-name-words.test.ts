import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { namedColumns } from '../../lib/name-key.ts';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertVisitor } from '../../test/session-fixtures.ts';
import { migrateToLatest } from '../migrate.ts';
import { databaseBeforeMigration, insertInBatches, visitorsNamed } from './migration-test-support.ts';

const UNDER_TEST = '2026-12-03T1000-visitor-name-words';
const NAMES = [
  'João Pedro da Silva Santos',
  'María de los Ángeles García Pérez',
  'Ana María López García',
  'Madonna',
  null,
];

interface WordCount {
  word_key: string;
  visitors: number | string;
}

for (const kind of testDatabaseKinds) {
  describe(`visitor name words migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('keeps the later words of the names of five words or more already kept, and goes back down', async () => {
      const { db, migrator, before } = await open(kind);
      await insertAccount(db, 'acc_1');
      // More long names than one batch of the migration, so it walks on from one to the next.
      await insertInBatches(
        db,
        'visitors',
        visitorsNamed(12_505, NAMES, (name) => namedColumns(name)),
      );

      await migrateToLatest(db);
      const { rows } = await sql<WordCount>`select word_key, count(*) as visitors from visitor_name_words
        group by word_key order by word_key`.execute(db);
      // With the names as also typed since a later migration (2026-12-07T1200): the particles joined.
      expect(rows.map((row) => [row.word_key, Number(row.visitors)]).sort()).toEqual(
        [
          'angeles garcia perez',
          'dasilva santos',
          'delosangeles garcia perez',
          'garcia perez',
          'joao pedro dasilva santos',
          'maria delosangeles garcia perez',
          'pedro dasilva santos',
          'silva santos',
        ].map((word) => [word, 2_501]),
      );
      // Visitors written afterwards carry their words from the start.
      const later = await insertVisitor(db, 'acc_1', { name: 'Pedro Alonso de la Vega' });
      const { rows: words } = await sql<{ word_key: string }>`select word_key from visitor_name_words
        where visitor_id = ${later.id}`.execute(db);
      expect(words.map((word) => word.word_key).sort()).toEqual([
        'alonso delavega',
        'delavega',
        'la vega',
        'pedro alonso delavega',
      ]);

      const tableKept = async () => {
        const { rows: tables } =
          kind === 'sqlite'
            ? await sql`select name from sqlite_master where name = 'visitor_name_words'`.execute(db)
            : await sql`select tablename from pg_tables
                where schemaname = current_schema() and tablename = 'visitor_name_words'`.execute(db);
        return tables.length > 0;
      };
      expect(await tableKept()).toBe(true);
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect(await tableKept()).toBe(false);
    });
  });
}
