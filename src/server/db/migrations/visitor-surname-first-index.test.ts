import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SURNAME_FIRST_KEY } from '../../features/visitors/visitors-search-shape.ts';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertVisitor } from '../../test/session-fixtures.ts';
import type { Db } from '../database.ts';
import { databaseBeforeMigration, planOf } from './migration-test-support.ts';

const UNDER_TEST = '2026-12-07T1400-visitor-surname-first-index';
const INDEX = 'visitors_surname_first_idx';

/** The search's read of names surname first: the people whose name reads "suzuki so…", and how it is read. */
function surnameFirst() {
  const key = sql.raw(SURNAME_FIRST_KEY);
  return sql<{ name: string }>`select visitors.name from visitors
    where visitors.account_id = ${'acc_1'} and ${key} >= ${'suzuki so'} and ${key} < ${'suzuki sp'}
    order by ${key}, visitors.name_key, visitors.id limit 20`;
}

const surnameFirstPlan = (db: Db) => planOf(db, surnameFirst());

for (const kind of testDatabaseKinds) {
  describe(`visitor surname first index migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('reads the names surname first from an index of their own, in the order listed, and goes back down', async () => {
      const { db, migrator, before } = await open(kind);
      await insertAccount(db, 'acc_1');
      for (const name of ['Sonia Suzuki', 'Sofia Suzuki', 'Sofia Maria Suzuki', 'Suzuki', 'Kenji Suzuki'])
        await insertVisitor(db, 'acc_1', { name });
      expect(await surnameFirstPlan(db)).not.toMatch(INDEX);

      expect((await migrator.migrateTo(UNDER_TEST)).error).toBeUndefined();
      expect(await surnameFirstPlan(db)).toMatch(INDEX);
      expect((await surnameFirst().execute(db)).rows.map((row) => row.name)).toEqual(['Sofia Suzuki', 'Sonia Suzuki']);

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect(await surnameFirstPlan(db)).not.toMatch(INDEX);
    });
  });
}
