import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { namedColumns } from '../../lib/name-key.ts';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount } from '../../test/session-fixtures.ts';
import { migrateToLatest } from '../migrate.ts';
import {
  byNameKey,
  databaseBeforeMigration,
  insertInBatches,
  nameKeyCounts,
  visitorsNamed,
} from './migration-test-support.ts';

const UNDER_TEST = '2026-12-07T1200-visitor-name-key-punctuation';
/** Names with their keys and name words as the table kept them before the migration. */
const KEPT: Record<string, { keys: Record<string, string>; words: string[] }> = {
  'Chloé O’Brien': { keys: { name_key: "chloe o'brien", name_tail_key: "o'brien" }, words: [] },
  'Jean-Pierre Dupont': { keys: { name_key: 'jean-pierre dupont', name_tail_key: 'dupont' }, words: [] },
  'Anna de Vries': {
    keys: { name_key: 'anna de vries', name_tail_key: 'de vries', name_last_key: 'vries' },
    words: [],
  },
  "Pedro D'Alonso de la Vega": {
    keys: {
      name_key: "pedro d'alonso de la vega",
      name_tail_key: "d'alonso de la vega",
      name_third_key: 'de la vega',
      name_last_key: 'vega',
    },
    words: ['la vega'],
  },
  'Ana María López': {
    keys: { name_key: 'kept as it was', name_tail_key: 'maria lopez', name_last_key: 'lopez' },
    words: [],
  },
};
const NAMES = [...Object.keys(KEPT), null];

for (const kind of testDatabaseKinds) {
  describe(`visitor name key punctuation migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('keys again the names kept with an apostrophe, a hyphen or a particle, their name words too', async () => {
      const { db } = await open(kind);
      await insertAccount(db, 'acc_1');
      // More visitors than one batch of the migration, so it walks on from one to the next.
      const visitors = visitorsNamed(12_006, NAMES, (name) => KEPT[name]?.keys ?? {});
      await insertInBatches(db, 'visitors', visitors);
      await sql`delete from visitor_name_words`.execute(db);
      await insertInBatches(
        db,
        'visitor_name_words',
        visitors.flatMap((visitor) =>
          (KEPT[visitor.name ?? '']?.words ?? []).map((word) => ({
            account_id: 'acc_1',
            word_key: word,
            visitor_id: visitor.id,
          })),
        ),
      );

      await migrateToLatest(db);
      const keyedNow = (name: string) => {
        const { name: _name, ...keys } = namedColumns(name);
        return { name, ...keys, visitors: 2_001 };
      };
      expect(await nameKeyCounts(db)).toEqual(
        [
          keyedNow('Anna de Vries'),
          // Neither an apostrophe, a dash nor a particle: left as it was.
          { ...keyedNow('Ana María López'), name_key: 'kept as it was' },
          keyedNow('Chloé O’Brien'),
          keyedNow('Jean-Pierre Dupont'),
          keyedNow("Pedro D'Alonso de la Vega"),
          {
            name: null,
            name_key: null,
            name_tail_key: null,
            name_third_key: null,
            name_last_key: null,
            visitors: 2_001,
          },
        ].sort(byNameKey),
      );
      expect(keyedNow('Chloé O’Brien')).toMatchObject({ name_key: 'chloe obrien', name_tail_key: 'obrien' });
      expect(keyedNow('Jean-Pierre Dupont')).toMatchObject({ name_key: 'jean pierre dupont', name_last_key: 'dupont' });

      const { rows: words } = await sql<{ word_key: string; visitors: number | string }>`
        select word_key, count(*) as visitors from visitor_name_words group by word_key order by word_key`.execute(db);
      // Each way the names are also typed, from each word on, but the keys their own columns hold.
      expect(words.map((row) => [row.word_key, Number(row.visitors)]).sort()).toEqual(
        [
          'alonso de la vega',
          'anna devries',
          'brien',
          'chloe o brien',
          'd alonso de la vega',
          'dalonso delavega',
          'delavega',
          'devries',
          'jeanpierre dupont',
          'la vega',
          'o brien',
          'pedro d alonso de la vega',
          'pedro dalonso delavega',
        ].map((word) => [word, 2_001]),
      );
    });
  });
}
