import { sql } from 'kysely';
import { type Db, isOneOf } from '../../db/database.ts';
import type { SessionFilter } from './session-filter.ts';
import { DAY, HOUR, wholeHours } from './session-rollup.ts';
import { uniteInto } from './session-set-encoding.ts';
import {
  type SetCondition,
  type SetRead,
  keptAsSets,
  keyFor,
  readsFor,
  setConditions,
} from './session-set-conditions.ts';
import { uniteMatchedUrls } from './session-set-urls.ts';
import { type Piece, countPiece, keepUnion, keptUnions } from './session-set-unions.ts';
import { sealedUntil } from './session-sets.ts';

/** The encoded sets of one read in each piece of one grain, keyed by hour or day. */
async function readSets(
  db: Db,
  accountId: string,
  read: SetRead,
  grain: 'hour' | 'day',
  bounds: { first: number; last: number },
): Promise<{ at: number; generation: number; value: string; members: Uint8Array }[]> {
  if (read.values?.length === 0) return [];
  const table = grain === 'hour' ? 'session_sets' : 'session_day_sets';
  const column = sql.ref(grain);
  const values = read.values === null ? sql`` : sql`and ${isOneOf(db, sql.ref('value'), read.values)}`;
  const { rows } = await sql<{ at: number | string; generation: number | string; value: string; members: Uint8Array }>`
    select ${column} as at, generation, value, members from ${sql.table(table)}
    where account_id = ${accountId} and facet = ${read.facet} ${values}
      and ${column} >= ${bounds.first} and ${column} <= ${bounds.last}`.execute(db);
  return rows.map((row) => ({
    at: Number(row.at),
    generation: Number(row.generation),
    value: row.value,
    members: row.members,
  }));
}

/** Past this many stretches the rows are counted whole: each stretch is a statement of its own. */
const MAX_ROW_STRETCHES = 24;
/** Hour pieces this close are read by one statement; farther apart, by one each. */
const MAX_HOUR_GAP = 6 * HOUR;
/** A build that replaces sets while they are read is met again by reading them again. */
const ATTEMPTS = 3;

const REREAD = Symbol('reread');

/** Counts a part of the range by its rows; `urls` lists the page URLs the filter's text matched, if any. */
type CountRows = (part: SessionFilter, urls: readonly string[] | undefined) => Promise<number>;

/**
 * The exact number of sessions matching `filter` when every condition but the dates is kept as sets
 * (session-sets.ts): each sealed day or hour in the range is counted from its sets (a whole day's sets
 * for the hours of it inside the range, an hour's for the hours of days not written as a whole), and the
 * rest of the range (the partial hours at its edges, the hours not sealed yet, hours changed since they
 * were sealed) by `countRows`, told the page URLs the filter's text matched. Null when the sets cannot
 * count the filter or would count none of its range.
 */
export async function countBySets(db: Db, filter: SessionFilter, countRows: CountRows): Promise<number | null> {
  if (!keptAsSets(filter)) return null;
  const sealed = await sealedUntil(db, filter.accountId);
  if (sealed === null) return null;
  const whole = wholeHours(filter);
  const sealedEnd = Math.min(sealed, whole.to ?? Number.POSITIVE_INFINITY);
  if (whole.from !== null && whole.from >= sealedEnd) return null;
  const conditions = await setConditions(db, filter);
  if (conditions === null) return null;
  if (conditions.some((condition) => condition.values.length === 0 && !condition.negated && !condition.allBut)) {
    return 0;
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const counted = await countSealed(db, filter, conditions, { from: whole.from, to: sealedEnd }, countRows);
    if (counted !== REREAD) return counted;
  }
  return null;
}

async function countSealed(
  db: Db,
  filter: SessionFilter,
  conditions: readonly SetCondition[],
  span: { from: number | null; to: number },
  countRows: CountRows,
): Promise<number | null | typeof REREAD> {
  const after = (column: string, at: number | null) => (at === null ? sql`` : sql`and ${sql.ref(column)} >= ${at}`);
  // One statement reads both, so the hours it leaves out are those of exactly the days it returns. A
  // month's hours inside whole days were about 720 rows read only to be skipped (1.6 ms on PostgreSQL).
  const { rows } = await sql<{
    grain: 'day' | 'hour';
    at: number | string;
    sessions: number | string;
    offsets: string | null;
    stale: number | string;
    generation: number | string;
  }>`
    select 'day' as grain, day as at, sessions, offsets, 0 as stale, generation from session_set_days
    where account_id = ${filter.accountId} ${after('day', span.from === null ? null : Math.floor(span.from / DAY) * DAY)}
      and day < ${span.to}
    union all
    select 'hour' as grain, hour as at, sessions, null as offsets, stale, generation from session_set_hours as hours
    where account_id = ${filter.accountId} ${after('hour', span.from)} and hour < ${span.to}
      and not exists (select 1 from session_set_days as days
        where days.account_id = hours.account_id and days.day = hours.hour - hours.hour % ${DAY})`.execute(db);

  const pieces: Piece[] = [];
  // Stale hours, joined where they follow each other, are counted row by row.
  const stretches: { from: number | null; to: number | null }[] = [];
  const byTime = rows.map((row) => ({ ...row, at: Number(row.at) })).sort((a, b) => a.at - b.at);
  for (const row of byTime) {
    const generation = Number(row.generation);
    if (row.grain === 'day') {
      const offsets = JSON.parse(row.offsets ?? '[]') as number[];
      const first = Math.max(0, ((span.from ?? row.at) - row.at) / HOUR);
      const last = Math.min(24, (span.to - row.at) / HOUR);
      const from = offsets[first] ?? 0;
      const to = offsets[last] ?? 0;
      if (to > from) pieces.push({ grain: 'day', at: row.at, generation, size: Number(row.sessions), from, to });
    } else if (Number(row.stale) === 0) {
      const size = Number(row.sessions);
      pieces.push({ grain: 'hour', at: row.at, generation, size, from: 0, to: size });
    } else {
      const last = stretches[stretches.length - 1];
      if (last && last.to === row.at) last.to = row.at + HOUR;
      else stretches.push({ from: row.at, to: row.at + HOUR });
    }
  }
  if (filter.from != null && span.from !== null && filter.from < span.from) {
    stretches.push({ from: filter.from, to: span.from });
  }
  if (filter.to == null || span.to < filter.to) stretches.push({ from: span.to, to: filter.to ?? null });
  if (stretches.length > MAX_ROW_STRETCHES) return null;

  // Each condition's unions already kept (taken now: adding this count's own may push them out of the
  // cache), the pieces still to unite, and the statements that read their sets: one over the days, one
  // per group of nearby hours.
  const keys = conditions.map((condition) => keyFor(filter.accountId, condition));
  const held = keys.map((conditionKeyed) => keptUnions(conditionKeyed, pieces));
  const missing = held.map((bits) => pieces.filter((piece) => !bits.has(piece)));
  const readsOf = (wanted: readonly Piece[]) => {
    const reads: { grain: 'hour' | 'day'; first: number; last: number }[] = [];
    for (const piece of [...wanted].sort((a, b) => a.at - b.at)) {
      const open = reads.findLast((read) => read.grain === piece.grain);
      if (open && (piece.grain === 'day' || piece.at - open.last <= MAX_HOUR_GAP)) open.last = piece.at;
      else reads.push({ grain: piece.grain, first: piece.at, last: piece.at });
    }
    return reads;
  };
  // The rows are told the URLs a text matched, unless it matched too many to list.
  const listedUrls = conditions.find((condition) => condition.facet === 'url' && !condition.allBut);
  const urls = listedUrls?.values;
  const [read, counted] = await Promise.all([
    Promise.all(
      conditions.map(async (condition, index) =>
        (
          await Promise.all(
            readsOf(missing[index] ?? []).flatMap((bounds) =>
              readsFor(condition).map(async (wanted) =>
                (await readSets(db, filter.accountId, wanted, bounds.grain, bounds)).map((set) => ({
                  ...set,
                  role: wanted.role,
                  grain: bounds.grain,
                })),
              ),
            ),
          )
        ).flat(),
      ),
    ),
    Promise.all(stretches.map((stretch) => countRows({ ...filter, from: stretch.from, to: stretch.to }, urls))),
  ]);

  const key = (grain: string, at: number) => `${grain}:${at}`;
  const pieceAt = new Map(pieces.map((piece) => [key(piece.grain, piece.at), piece]));
  const united = conditions.map((_, index) => {
    const bits = new Map<Piece, Uint32Array>();
    for (const piece of missing[index] ?? []) bits.set(piece, new Uint32Array(Math.ceil(piece.size / 32)));
    return bits;
  });
  for (let index = 0; index < read.length; index += 1) {
    // A URL text counted from the URLs it does not match: those URLs' sets and the numbers of URLs, per piece.
    const others = new Map<Piece, Uint8Array[]>();
    const urlCounts = new Map<Piece, Map<number, Uint8Array>>();
    for (const set of read[index] ?? []) {
      const piece = pieceAt.get(key(set.grain, set.at));
      if (!piece) continue;
      if (piece.generation !== set.generation) return REREAD;
      const bits = united[index]?.get(piece);
      if (!bits) continue;
      if (set.role === 'united') {
        uniteInto(bits, set.members);
      } else if (set.role === 'others') {
        const sets = others.get(piece);
        if (sets) sets.push(set.members);
        else others.set(piece, [set.members]);
      } else {
        const counts = urlCounts.get(piece) ?? new Map<number, Uint8Array>();
        urlCounts.set(piece, counts.set(Number(set.value), set.members));
      }
    }
    if (conditions[index]?.allBut === undefined) continue;
    for (const [piece, bits] of united[index] ?? []) {
      uniteMatchedUrls(bits, piece.size, others.get(piece) ?? [], urlCounts.get(piece) ?? new Map());
    }
  }
  united.forEach((bits, index) => {
    for (const [piece, union] of bits) {
      keepUnion(keys[index] as string, piece, union);
      held[index]?.set(piece, union);
    }
  });
  let total = counted.reduce((sum, count) => sum + count, 0);
  for (const piece of pieces) {
    const of = held.map((bits) => bits.get(piece) ?? new Uint32Array(0));
    total += countPiece(
      piece,
      of,
      conditions.map((condition) => condition.negated),
    );
  }
  return total;
}
