import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, isPostgres, migrateDatabase } from '../database.ts';
import { testDatabaseKinds } from '../../test/harness.ts';
import { insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import {
  STORED_RESOURCE_COLUMNS,
  sessionResourceSqlText,
  sessionResourceWrittenSqlText,
} from '../../features/sessions/session-resource-json.ts';
import { databaseBeforeMigration } from './migration-test-support.ts';

const UNDER_TEST = '2026-12-02T0900-session-resource-text';

/** The columns of `sessions` that the database generates. */
async function generatedColumns(db: Db): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = 'sessions' and is_generated = 'ALWAYS'
    order by ordinal_position`.execute(db);
  return rows.map((row) => row.column_name);
}

/** The pages of `sessions` its visibility map marks all-visible, as its last vacuum counted them. */
async function pagesAllVisible(db: Db): Promise<number> {
  const { rows } = await sql<{ pages: number }>`select relallvisible::int as pages from pg_class
    where oid = 'sessions'::regclass`.execute(db);
  return rows[0]?.pages ?? 0;
}

/** The table's rows an index-only scan for a first page had to read (it reads them when not all-visible). */
async function heapFetches(db: Db): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off)
      select id from sessions where account_id = 'acc_1' order by creation_timestamp desc, id desc limit 2`.execute(
      trx,
    );
    const fetched = /Heap Fetches: (\d+)/.exec(rows.map((row) => row['QUERY PLAN']).join('\n'));
    return fetched ? Number(fetched[1]) : undefined;
  });
}

/** Each session's resource text as a page reads it and as written anew from its columns. */
async function resourceTexts(db: Db): Promise<{ kept: string; written: string }[]> {
  const { rows } = await sql<{ kept: string; written: string }>`
    select ${sql.raw(sessionResourceSqlText(true))} as kept, ${sql.raw(sessionResourceWrittenSqlText())} as written
    from sessions join visitors on visitors.account_id = sessions.account_id and visitors.id = sessions.visitor_id
    order by sessions.id`.execute(db);
  return rows;
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
      const texts = await resourceTexts(db);
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
      it('vacuums the rewritten table once the migrations are done, so index-only scans skip its rows', async () => {
        const { url, database, db } = await open(kind);
        const visitor = await insertVisitor(db, 'acc_1', {});
        for (let at = 0; at < 3; at += 1)
          await insertSession(db, 'acc_1', 'web_1', visitor.id, { creation_timestamp: 1_790_000_000 + at });
        await sql`vacuum sessions`.execute(db);
        expect(await heapFetches(db)).toBe(0);

        expect(await migrateDatabase(url, database)).toContain(UNDER_TEST);
        expect(await pagesAllVisible(db)).toBeGreaterThan(0);
        expect(await heapFetches(db)).toBe(0);
      });
  });
}
