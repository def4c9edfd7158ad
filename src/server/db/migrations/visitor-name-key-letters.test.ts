import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount } from '../../test/session-fixtures.ts';
import { migrateToLatest } from '../migrate.ts';
import { databaseBeforeMigration, insertInBatches, nameKeyCounts, visitorsNamed } from './migration-test-support.ts';

const UNDER_TEST = '2026-12-02T1000-visitor-name-key-letters';
/** Names with their keys as the table kept them before the migration. */
const KEPT = {
  'Işık Yıldız': { name_key: 'işık yıldız', name_tail_key: 'yıldız' },
  'Mehmet Ali Kılıç': { name_key: 'mehmet ali kılıc', name_tail_key: 'ali kılıc', name_last_key: 'kılıc' },
  ΣΩΚΡΑΤΗΣ: { name_key: 'σωκρατης' },
  'Chloé Martin': { name_key: 'chloe martin', name_tail_key: 'martin' },
} as Record<string, Record<string, string>>;
const NAMES = [...Object.keys(KEPT), null];

for (const kind of testDatabaseKinds) {
  describe(`visitor name key letters migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('keys again the names kept with a dotless i or a final sigma, and leaves the others as they were', async () => {
      const { db } = await open(kind);
      await insertAccount(db, 'acc_1');
      // More visitors than one batch of the migration, so it walks on from one to the next.
      await insertInBatches(
        db,
        'visitors',
        visitorsNamed(12_505, NAMES, (name) => KEPT[name] ?? {}),
      );
      // A key left as it was, to show the migration does not touch names without those letters.
      await sql`update visitors set name_key = 'kept as it was' where name = 'Chloé Martin'`.execute(db);

      await migrateToLatest(db);
      expect(await nameKeyCounts(db)).toEqual([
        { name: null, name_key: null, name_tail_key: null, name_third_key: null, name_last_key: null, visitors: 2_501 },
        {
          name: 'Işık Yıldız',
          name_key: 'isik yildiz',
          name_tail_key: 'yildiz',
          name_third_key: null,
          name_last_key: null,
          visitors: 2_501,
        },
        {
          name: 'Chloé Martin',
          name_key: 'kept as it was',
          name_tail_key: 'martin',
          name_third_key: null,
          name_last_key: null,
          visitors: 2_501,
        },
        {
          name: 'Mehmet Ali Kılıç',
          name_key: 'mehmet ali kilic',
          name_tail_key: 'ali kilic',
          name_third_key: null,
          name_last_key: 'kilic',
          visitors: 2_501,
        },
        {
          name: 'ΣΩΚΡΑΤΗΣ',
          name_key: 'σωκρατησ',
          name_tail_key: null,
          name_third_key: null,
          name_last_key: null,
          visitors: 2_501,
        },
      ]);
    });
  });
}
