import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertAccount, insertSession, insertVisitor } from '../../test/session-fixtures.ts';
import { databaseBeforeMigration } from './migration-test-support.ts';

const under = '2026-11-26T1300-rollups-without-rowid';
const open = databaseBeforeMigration(under, { poolSize: 1 });

// The migration changes only SQLite's tables; on PostgreSQL it does nothing.
it('keeps the rollups and their triggers on SQLite while making them WITHOUT ROWID, and back', async () => {
  const { db, migrator } = await open('sqlite');

  await insertAccount(db, 'acc_1');
  const visitor = await insertVisitor(db, 'acc_1');
  const record = (id: string, hour: number, device: string) =>
    insertSession(db, 'acc_1', 'web_1', visitor.id, {
      id,
      creation_timestamp: 1_790_000_000 + hour * 3600,
      device,
      start_url: `https://shop.example.com/${id}`,
    });
  await record('s_1', 0, 'mobile');
  await record('s_2', 0, 'desktop');
  await record('s_3', 1, 'mobile');

  const rollups = async () => ({
    counts: (
      await sql<{ hour: number; sessions: number }>`select hour, sessions from session_hourly_counts
        where account_id = 'acc_1' order by hour`.execute(db)
    ).rows,
    mobile: (
      await sql<{ hour: number; sessions: number }>`select hour, sessions from session_hourly_facets
        where account_id = 'acc_1' and facet = 'device' and value = 'mobile' order by hour`.execute(db)
    ).rows,
    startUrls: (
      await sql<{ value: string }>`select value from session_text_values
        where account_id = 'acc_1' and facet = 'start_url' order by value`.execute(db)
    ).rows.map((row) => row.value),
  });
  const withoutRowid = async () =>
    (
      await sql<{ sql: string }>`select sql from sqlite_master
        where type = 'table' and name in ('session_hourly_counts', 'session_hourly_facets')`.execute(db)
    ).rows.map((row) => /without rowid/i.test(row.sql));
  const before = await rollups();
  expect(before.counts.map((row) => row.sessions)).toEqual([2, 1]);
  expect(await withoutRowid()).toEqual([false, false]);

  expect((await migrator.migrateTo(under)).error).toBeUndefined();
  expect(await withoutRowid()).toEqual([true, true]);
  expect(await rollups()).toEqual(before);

  // The triggers on sessions still write the rollups, and the one on the facets still lists start URLs.
  await record('s_4', 1, 'mobile');
  await db.updateTable('sessions').set({ device: 'desktop' }).where('id', '=', 's_1').execute();
  await db.deleteFrom('sessions').where('id', '=', 's_2').execute();
  const after = await rollups();
  expect(after.counts.map((row) => row.sessions)).toEqual([1, 2]);
  expect(after.mobile.filter((row) => row.sessions > 0).map((row) => row.sessions)).toEqual([2]);
  expect(after.startUrls).toContain('https://shop.example.com/s_4');

  expect((await migrator.migrateDown()).error).toBeUndefined();
  expect(await withoutRowid()).toEqual([false, false]);
  expect(await rollups()).toEqual(after);
});
