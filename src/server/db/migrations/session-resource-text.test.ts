import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, isPostgres } from '../database.ts';
import { migrateDatabase } from '../migrate.ts';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertSession, insertVisitor, keptAndWrittenResources } from '../../test/session-fixtures.ts';
import { STORED_RESOURCE_COLUMNS } from '../../features/sessions/session-resource-json.ts';
import { databaseBeforeMigration } from './migration-test-support.ts';

const UNDER_TEST = '2026-12-02T0900-session-resource-text';

/** The columns of `sessions` that the database generates. */
async function generatedColumns(db: Db): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = 'sessions' and is_generated = 'ALWAYS'
    order by ordinal_position`.execute(db);
  return rows.map((row) => row.column_name);
}

/** How many times `sessions` was vacuumed by hand (not by autovacuum). */
async function vacuums(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`select vacuum_count::int as count from pg_stat_user_tables
    where relid = 'sessions'::regclass`.execute(db);
  return rows[0]?.count ?? 0;
}

for (const kind of testDatabaseKinds) {
  describe(`session resource text migration [${kind}]`, () => {
    const open = databaseBeforeMigration(UNDER_TEST);

    it('keeps the text of the sessions already there and of those written later, and goes back down', async () => {
      const { db, migrator, before } = await open(kind);
      const visitor = await insertVisitor(db, 'acc_1', { name: 'Zoë "Z" \\ Ng' });
      await insertSession(db, 'acc_1', 'web_1', visitor.id, { end_url: 'https://shop.example.com/a"b\\c\n' });

      expect((await migrator.migrateTo(UNDER_TEST)).error).toBeUndefined();
      if (!isPostgres(db)) {
        // SQLite writes the whole resource as it reads a row: nothing is kept.
        expect((await migrator.migrateTo(before)).error).toBeUndefined();
        return;
      }
      expect(await generatedColumns(db)).toEqual([...STORED_RESOURCE_COLUMNS]);
      await insertSession(db, 'acc_1', 'web_1', visitor.id, { city: 'Besançon\t', tags: ['a"b', 'ü'] });
      await db.updateTable('sessions').set({ seen: 1, clicks: 9 }).where('account_id', '=', 'acc_1').execute();
      const texts = await keptAndWrittenResources(db);
      expect(texts).toHaveLength(2);
      for (const { kept, written } of texts) {
        expect(kept).toBe(written);
        expect(JSON.parse(`{"id":"s",${kept.slice(1)}`)).toMatchObject({
          seen: true,
          events_statistics: { clicks: 9 },
          visitor: { name: 'Zoë "Z" \\ Ng' },
        });
      }

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect(await generatedColumns(db)).toEqual([]);
    });

    if (kind === 'postgres')
      it('vacuums the table it rewrote once the migrations are done', async () => {
        const { url, database, db } = await open(kind);
        const visitor = await insertVisitor(db, 'acc_1', {});
        await insertSession(db, 'acc_1', 'web_1', visitor.id);
        expect(await vacuums(db)).toBe(0);

        expect(await migrateDatabase(url, database)).toContain(UNDER_TEST);
        // Counted by the migrating connection's server process, which reports as it closes.
        await expect.poll(() => vacuums(db), { timeout: 5_000 }).toBe(1);
      });
  });
}
