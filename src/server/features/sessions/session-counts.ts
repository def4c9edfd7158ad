import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type SessionFilter, applyFilter } from './session-filter.ts';

/**
 * Sessions that match `rest` among those a subquery lists by `column`: the narrowing is done by an index
 * or the session's URLs, and only the sessions left are read for the conditions no index holds.
 */
export async function countAmong(
  db: Db,
  rest: SessionFilter,
  column: 'id' | 'rowid',
  among: RawBuilder<unknown>,
): Promise<number> {
  const row = await applyFilter(db, db.selectFrom('sessions'), rest)
    .where(sql<boolean>`${sql.ref(`sessions.${column}`)} in (${among})`)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Distinct sessions among rows of session_pages that `visits` selects from, with `urls` matching URLs.
 * One URL lists each session once; several may list a session more than once. All rows of a session carry
 * its creation time, and grouping on that number first sorts 2.3 times faster on SQLite than DISTINCT on
 * the id (39 against 89 ms for 90,000 rows).
 */
export async function countVisitingSessions(
  db: Db,
  visits: (select: RawBuilder<unknown>) => RawBuilder<unknown>,
  urls: number,
): Promise<number> {
  const { rows } =
    urls === 1
      ? await sql<{ total: number | string }>`${visits(sql`count(*) as total`)}`.execute(db)
      : await sql<{ total: number | string }>`select count(*) as total
          from (${visits(sql`1 as one`)} group by creation_timestamp, session_id) as visited`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
