import { type RawBuilder, sql } from 'kysely';
import { type Db, isOneOf, isPostgres } from '../../db/database.ts';
import { type SessionFilter, applyFilter } from './session-filter.ts';
import { countAmong, countVisitingSessions } from './session-counts.ts';
import { countByIndexIntersection, countVisitedUrlByIntersection } from './session-index-intersection.ts';
import { MAX_LISTED_VALUES, resolveFacet, rollupFor, sumWholeHours, wholeHours } from './session-rollup.ts';
import { rangeRollupFor } from './session-range-rollup.ts';
import { matchingValues } from './session-text-values.ts';
import { countBySets } from './session-set-count.ts';
import { type SessionJsonRow, sessionResourceSql } from './session-resource-json.ts';
import { PREPARED_MARK } from '../../db/prepared-statements.ts';
import { readPlaced, readPlacedTotal, readRowsById, readVisitorSessions } from './session-placed-reads.ts';
import type { SessionOrder } from './session-order.ts';

/** A session written as JSON, and whether a person has opened it. */
export type SessionRow = SessionJsonRow & { seen: number };

const countQuery = (db: Db, filter: SessionFilter) =>
  applyFilter(db, db.selectFrom('sessions'), filter).select((eb) => eb.fn.countAll<number | string>().as('total'));

export async function countExactly(db: Db, filter: SessionFilter): Promise<number> {
  const row = await countQuery(db, filter).executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The exact number of sessions matching `filter`. When only the website, dates and at most one property,
 * yes/no signal, tag, visitor parameter, start URL or referrer text, or duration or engagement range
 * narrow, whole hours come from the hourly rollups and only the partial hours at the edges of a date range
 * (and a range's part that is not whole buckets) are counted row by row. A page URL, or conditions kept
 * as sets that the rollups cannot count together, are counted from the sealed hours' sets
 * (session-set-count.ts) and, for the rest of the range, from each session's URLs and the indexes.
 */
export async function countSessions(db: Db, filter: SessionFilter): Promise<number> {
  // Only the account and perhaps a website: one sum over the daily rollup, the same text every time.
  const placed = readPlacedTotal(db, filter);
  if (placed) return Number((await placed)[0]?.total ?? 0);
  // One visitor's or one e-mail's sessions: a range of the index by visitor, kept prepared.
  const visitor = readVisitorSessions(db, filter, { statement: 'total' }, () => countQuery(db, filter).compile());
  if (visitor) return Number((await visitor)[0]?.total ?? 0);
  // A page URL, or several conditions together, are what the rollups cannot count: the hours' sets can.
  if (filter.url !== undefined || (rollupFor(filter) === null && rangeRollupFor(filter) === null)) {
    const counted = await countBySets(db, filter, (part, urls) =>
      isShort(part) && !(isPostgres(db) && onlyPlaceBesidesUrl(part))
        ? countExactly(db, part)
        : countWithoutSets(db, part, urls),
    );
    if (counted !== null) return counted;
  }
  return countWithoutSets(db, filter);
}

/**
 * A stretch of a few hours (what the sets leave: the last hour or so, the edges, a changed hour) is
 * counted by reading its sessions in time order and testing each: at 1,000,000 sessions two hours of
 * `url=checkout` took 3.4 ms on SQLite this way, against 11.3 ms through the index ranges of its 522
 * matching URLs, which pay off only over long ranges. PostgreSQL tests each session's URLs far more
 * slowly: at 10,000,000 sessions one hour (7,179 sessions) of the same filter took 55 ms that way and
 * 8.6 ms through the ranges of its 612 URLs, so there a URL with only the place reads the ranges.
 */
function isShort(part: SessionFilter): boolean {
  if (part.from == null) return false;
  return (part.to ?? Date.now() / 1000) - part.from <= SHORT_STRETCH;
}

const SHORT_STRETCH = 6 * 3_600;

/** A page URL, and nothing else but the place (website, dates): the URLs' own rows hold it all. */
function onlyPlaceBesidesUrl(filter: SessionFilter): boolean {
  const { url, ...rest } = filter;
  return url !== undefined && rollupFor(rest)?.facet === null;
}

/** The exact count of `countSessions` from the rollups, indexes and rows alone. */
async function countWithoutSets(db: Db, filter: SessionFilter, urls?: readonly string[]): Promise<number> {
  if (filter.url !== undefined) return countVisitedUrl(db, filter, filter.url, urls);
  const listed = rollupFor(filter);
  const facet = listed ? await resolveFacet(db, filter.accountId, listed.facet) : null;
  const rollup = listed && (facet?.values.length ?? 0) <= MAX_LISTED_VALUES ? { facet } : null;
  const range = listed ? null : rangeRollupFor(filter);
  if (!rollup && !range) return (await countByIndexIntersection(db, filter)) ?? countExactly(db, filter);
  const hours = wholeHours(filter);
  if (hours.from !== null && hours.to !== null && hours.from >= hours.to) return countExactly(db, filter);
  // A range's leftover bands, inside the whole hours.
  const bands = (range?.bands ?? []).map((band) => countExactly(db, { ...band, from: hours.from, to: hours.to }));
  const [whole, head, tail, ...banded] = await Promise.all([
    sumWholeHours(db, filter, rollup ? rollup.facet : (range?.facet ?? null), hours),
    ...countPartialHours(db, filter, hours),
    ...bands,
  ]);
  return whole + head + tail + banded.reduce((sum, count) => sum + count, 0);
}

/**
 * The sessions in the partial hours at a date range's edges, outside its whole `hours`, counted row by
 * row: the oldest edge's, then the newest's (0 where the range starts or ends on the hour).
 */
export function countPartialHours(
  db: Db,
  filter: SessionFilter,
  hours: { from: number | null; to: number | null },
): [Promise<number> | number, Promise<number> | number] {
  return [
    filter.from != null && hours.from !== null && filter.from < hours.from
      ? countExactly(db, { ...filter, to: hours.from })
      : 0,
    filter.to != null && hours.to !== null && hours.to < filter.to
      ? countExactly(db, { ...filter, from: hours.to })
      : 0,
  ];
}

/**
 * Sessions that visited a URL containing `text`, and match the rest of the filter: the URLs that match
 * are listed from session_pages' distinct URLs, their sessions in the date range are read from its
 * index, and only when more than the place narrows are those sessions looked up.
 */
async function countVisitedUrl(
  db: Db,
  filter: SessionFilter,
  text: string,
  matched?: readonly string[],
): Promise<number> {
  const { url: _url, ...rest } = filter;
  const urls = matched ?? (await matchingValues(db, filter.accountId, 'url', text));
  if (urls.length === 0) return 0;
  if (urls.length > MAX_LISTED_VALUES) return countExactly(db, filter);
  const conditions = [sql`account_id = ${filter.accountId}`, isOneOf(db, sql.ref('url'), urls)];
  if (filter.from != null) conditions.push(sql`creation_timestamp >= ${filter.from}`);
  if (filter.to != null) conditions.push(sql`creation_timestamp < ${filter.to}`);
  if (filter.websiteId !== undefined) conditions.push(sql`website_id = ${filter.websiteId}`);
  // SQLite would rather walk the primary key, whose session order saves the grouping a sort, through
  // every URL of the account: the URL index reads only the matching ones.
  const visits = (select: RawBuilder<unknown>) => sql`select ${select}
    from session_pages ${isPostgres(db) ? sql`` : sql`indexed by session_pages_url_idx`}
    where ${sql.join(conditions, sql` and `)}`;
  if (onlyPlaceBesidesUrl(filter)) return countVisitingSessions(db, visits, urls.length);
  const intersected = await countVisitedUrlByIntersection(db, filter, urls);
  if (intersected !== null) return intersected;
  return countAmong(db, rest, 'id', visits(sql`session_id`));
}

/**
 * One page in `order` (ties by id in the same direction). The page's keys are found on the index alone
 * and only then joined to the rows, which the database writes as JSON; `fromEnd` walks the order backwards
 * so deep pages near the end stay cheap.
 */
export async function findSessionPage(
  db: Db,
  filter: SessionFilter,
  order: SessionOrder,
  window: { offset: number; limit: number; fromEnd: boolean },
): Promise<SessionRow[]> {
  const scan = order.descending !== window.fromEnd ? 'desc' : 'asc';
  const listed = order.descending ? 'desc' : 'asc';
  const timeOrder = order.column === 'creation_timestamp';
  const sorted = () =>
    applyFilter(db, db.selectFrom('sessions'), filter)
      .orderBy(`sessions.${order.column}`, scan)
      .orderBy('sessions.id', scan);
  const ordered = () => sorted().limit(window.limit).offset(window.offset);
  if (isPostgres(db)) {
    const keys = () => ordered().select('sessions.id');
    // The keys' plan depends on the filter's values, so it is made for each (but in time order under the
    // place alone, or one visitor's or one e-mail's sessions, whose index serves any values); the rows'
    // statement is kept. A first page in time order has its size written into its text: with the limit
    // a parameter, PostgreSQL rates the plan it would keep as reading a tenth of the account and plans
    // the statement anew at every run (about 0.2 ms, a third of a first page's time in the database).
    const statement = `keys:${order.column}:${scan}`;
    const first = timeOrder && window.offset === 0;
    const firstKeys = () => sorted().limit(sql.lit(window.limit)).select('sessions.id');
    const placed =
      readPlaced(db, filter, { statement, window, timeOrder, sizeInText: first }, () =>
        (first ? firstKeys() : keys()).compile(),
      ) ?? (timeOrder ? readVisitorSessions(db, filter, { statement, window }, () => keys().compile()) : null);
    const ids = (await (placed ?? keys().execute())).map((row) => row.id);
    const rows = await findResourcesByIds(db, filter.accountId, ids);
    return scan === listed ? rows : rows.reverse();
  }
  // The page's keys, with each row's place in the table, lead the statement and are joined to their
  // rows in their own order: each row is read by its rowid rather than found again through the primary
  // key, and no sort of the written rows follows (the planner keeps the keys' order).
  const page = () =>
    db
      .selectFrom(
        ordered()
          .select([
            sql<number>`sessions.rowid`.as('place'),
            `sessions.${order.column} as ordered`,
            'sessions.id as tie',
          ])
          .as('page_keys'),
      )
      .crossJoin('sessions')
      .innerJoin('visitors', (join) =>
        join.onRef('visitors.account_id', '=', 'sessions.account_id').onRef('visitors.id', '=', 'sessions.visitor_id'),
      )
      .where(sql<boolean>`sessions.rowid = page_keys.place`)
      .select(RESOURCE_SELECTION)
      .orderBy('page_keys.ordered', listed)
      .orderBy('page_keys.tie', listed);
  const placed = readPlaced(
    db,
    filter,
    { statement: `page:${order.column}:${scan}:${listed}`, window, timeOrder },
    () => page().compile(),
  );
  return placed ?? page().execute();
}

/**
 * PostgreSQL: the sessions with these ids, each written as JSON (session-resource-json.ts), in the ids'
 * order. The statement is the same text whatever the ids, so it is kept prepared: planning its long
 * expression anew cost more than running it, about 2.5 ms of a first page's 4 ms in the database.
 */
async function findResourcesByIds(db: Db, accountId: string, ids: readonly string[]): Promise<SessionRow[]> {
  if (ids.length === 0) return [];
  const query = () => sql<SessionRow>`${sql.raw(PREPARED_MARK)}
    select sessions.id, sessions.website_id, sessions.seen, ${sessionResourceSql(true)} as resource
    from sessions inner join visitors on visitors.account_id = sessions.account_id and visitors.id = sessions.visitor_id
    where sessions.account_id = ${accountId} and sessions.id = any(${[...ids]}::text[])`;
  const rows = (await readRowsById(db, accountId, ids, () => query().compile(db))) ?? (await query().execute(db)).rows;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One session's JSON, and whether it was seen. */
export async function findSessionRow(db: Db, accountId: string, sessionId: string): Promise<SessionRow | undefined> {
  if (isPostgres(db)) return (await findResourcesByIds(db, accountId, [sessionId]))[0];
  return withResource(db)
    .where('sessions.account_id', '=', accountId)
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

/**
 * SQLite: each session's JSON as the database writes it (session-resource-json.ts), as UTF-8 bytes, with
 * the fields that lead it.
 */
const RESOURCE_SELECTION = [
  'sessions.id',
  'sessions.website_id',
  'sessions.seen',
  sql<Uint8Array>`cast(${sessionResourceSql(false)} as blob)`.as('resource'),
] as const;

/** SQLite: sessions joined to their visitors, each selected as `RESOURCE_SELECTION`. */
function withResource(db: Db) {
  return db
    .selectFrom('sessions')
    .innerJoin('visitors', (join) =>
      join.onRef('visitors.account_id', '=', 'sessions.account_id').onRef('visitors.id', '=', 'sessions.visitor_id'),
    )
    .select(RESOURCE_SELECTION);
}

export function markSessionSeen(db: Db, accountId: string, sessionId: string) {
  return db
    .updateTable('sessions')
    .set({ seen: 1 })
    .where('account_id', '=', accountId)
    .where('id', '=', sessionId)
    .where('seen', '=', 0)
    .execute();
}

/** The few columns other modules need to place something in a session. */
export function findSessionBrief(db: Db, accountId: string, sessionId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'website_id', 'visitor_id', 'creation_timestamp', 'expiration_timestamp'])
    .where('account_id', '=', accountId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
}
