import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type DatabaseHandle, isPostgres } from '../database.ts';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertAccount, insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { databaseBeforeMigration, indexColumns } from './migration-test-support.ts';

const UNDER_TEST = '2026-11-27T1100-covering-order-index';
const ORDER = ['account_id', 'creation_timestamp', 'id'];
const CARRIED = ['duration', 'engagement_score', 'visitor_id'];

/** The order index's key columns, then (PostgreSQL) its included ones. */
const orderIndexColumns = (database: DatabaseHandle) => indexColumns(database.db, 'sessions_order_idx');

for (const kind of testDatabaseKinds) {
  describe(`covering order index migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('carries duration, engagement and visitor in the order index, and goes back down', async () => {
      const { database, db, migrator, before } = await open(kind);
      expect(await orderIndexColumns(database)).toEqual({ key: ORDER, included: [] });

      await insertAccount(db, 'acc_1');
      const visitor = await insertVisitor(db, 'acc_1');
      for (let index = 0; index < 40; index += 1) {
        await insertSession(db, 'acc_1', 'web_1', visitor.id, {
          creation_timestamp: 1_790_000_000 + index * 60,
          engagement_score: index % 10 === 0 ? 90 : 10,
        });
      }

      expect((await migrator.migrateTo(UNDER_TEST)).error).toBeUndefined();
      expect(await orderIndexColumns(database)).toEqual(
        isPostgres(db) ? { key: ORDER, included: CARRIED } : { key: [...ORDER, ...CARRIED], included: [] },
      );
      const high = await db
        .selectFrom('sessions')
        .select('id')
        .where('account_id', '=', 'acc_1')
        .where('engagement_score', '>=', 80)
        .orderBy('creation_timestamp', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expect(high).toHaveLength(4);
      if (!isPostgres(db)) {
        // A first page under an engagement range is answered from the index alone, in time order.
        const plan = await sql<{ detail: string }>`explain query plan
          select id from sessions where account_id = 'acc_1' and creation_timestamp >= 0 and engagement_score >= 80
          order by creation_timestamp desc, id desc limit 25`.execute(db);
        expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(/USING COVERING INDEX sessions_order_idx/);
      }

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect(await orderIndexColumns(database)).toEqual({ key: ORDER, included: [] });

      if (!isPostgres(db)) {
        // Where the indexes have statistics (a bulk load leaves them), the rebuilt one gets its own: without
        // them SQLite reads a whole account in time order to find a page's rows (see the migration).
        await sql`analyze`.execute(db);
        expect((await migrator.migrateTo(UNDER_TEST)).error).toBeUndefined();
        const statistics = await sql<{
          stat: string;
        }>`select stat from sqlite_stat1 where idx = 'sessions_order_idx'`.execute(db);
        expect(statistics.rows.map((row) => row.stat.split(' ')[0])).toEqual(['40']);
      }
    });
  });
}
