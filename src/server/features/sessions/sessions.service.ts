import { type SessionsQueryInput, SessionsQuery } from '../../../api/schemas/sessions.ts';
import type { Db } from '../../db/database.ts';
import { rootDb } from '../../db/abandoned-reads.ts';
import { SharedWork } from '../../lib/shared-work.ts';
import { resolveDateRange } from './date-range.ts';
import { AppError, errors } from '../../errors.ts';
import { queryStringError } from '../../http/validation.ts';
import { toSessionFilter } from './session-filter-input.ts';
import { withStoredSpellings } from './session-value-spellings.ts';
import type { SessionFilter } from './session-filter.ts';
import { type SessionOrder, parseSessionSort } from './session-order.ts';
import { HOUR, PLACE_FIELDS } from './session-rollup.ts';
import { type PlacedOffset, SEEK_FROM_OFFSET, countAndPlaceOffset } from './session-seek.ts';
import { sessionJson, sessionJsonPieces } from './session-resource-json.ts';
import { joinJsonText } from '../../http/json-text.ts';
import { releaseRows } from '../../db/sqlite-readers.ts';
import {
  countSessions,
  findSessionBrief,
  findSessionPage,
  findSessionRow,
  markSessionSeen,
} from './sessions.repository.ts';

/** Which slice of the index to read: from the newest end, or from the oldest when that is shorter. */
export function pageWindow(total: number, page: number, size: number) {
  const offset = page * size;
  if (offset >= total) return null;
  const remaining = total - offset;
  if (offset <= remaining) return { offset, limit: size, fromEnd: false };
  const end = Math.max(0, remaining - size);
  return { offset: end, limit: remaining - end, fromEnd: true };
}

/**
 * The page at a placed offset. A row in the first half of its hour is reached by skipping from the
 * hour's near edge; one in the second half from the far edge, reading the hour the other way round, so
 * no read skips more than half an hour's sessions. A page that runs past the hour's far edge takes the
 * hour's last rows and then the first ones beyond it.
 */
async function findPlacedPage(db: Db, placed: PlacedOffset, order: SessionOrder, size: number) {
  const { filter, offset, hour } = placed;
  if (!hour || offset >= hour.sessions || offset * 2 < hour.sessions)
    return findSessionPage(db, filter, order, { offset, limit: size, fromEnd: false });
  const inHour = { ...filter, from: hour.start, to: hour.start + HOUR };
  const leftInHour = hour.sessions - offset;
  if (leftInHour >= size)
    return findSessionPage(db, inHour, order, { offset: leftInHour - size, limit: size, fromEnd: true });
  const beyond = order.descending ? { ...filter, to: hour.start } : { ...filter, from: hour.start + HOUR };
  const [last, next] = await Promise.all([
    findSessionPage(db, inHour, order, { offset: 0, limit: leftInHour, fromEnd: true }),
    findSessionPage(db, beyond, order, { offset: 0, limit: size - leftInHour, fromEnd: false }),
  ]);
  return [...last, ...next];
}

/**
 * Filters whose page in time order is read from one index range that ends after `size` matches (the
 * place, a visitor or an e-mail): reading it costs little even when nothing matches, so it need not wait
 * for the total.
 */
const BOUNDED_PAGE_FIELDS = new Set<string>([...PLACE_FIELDS, 'visitorId', 'emailLower']);

function pageIsBounded(filter: SessionFilter): boolean {
  return Object.entries(filter).every(([key, value]) => value === undefined || BOUNDED_PAGE_FIELDS.has(key));
}

/** Totals being counted, per database: the same total asked for meanwhile waits for that count. */
const countsUnderWay = new WeakMap<Db, SharedWork<number>>();

/**
 * `countSessions`, shared with an identical count still under way: ten people polling one list, or ten
 * requests for a filter not counted since the server started, read and unite its sets once.
 */
function countShared(db: Db, filter: SessionFilter): Promise<number> {
  const root = rootDb(db);
  let shared = countsUnderWay.get(root);
  if (!shared) {
    shared = new SharedWork<number>();
    countsUnderWay.set(root, shared);
  }
  return shared.run(JSON.stringify(filter), () => countSessions(db, filter));
}

/**
 * The total and one page's rows. A near page in time order under a bounded filter is read alongside its
 * total (on PostgreSQL, on two connections at once): read forwards it holds the same rows that
 * `pageWindow` would read from either end.
 */
async function totalAndPage(db: Db, filter: SessionFilter, order: SessionOrder, page: number, size: number) {
  const offset = page * size;
  if (offset < SEEK_FROM_OFFSET && order.column === 'creation_timestamp' && pageIsBounded(filter)) {
    const [total, rows] = await Promise.all([
      countShared(db, filter),
      findSessionPage(db, filter, order, { offset, limit: size, fromEnd: false }),
    ]);
    return { total, rows };
  }
  // A deep page in creation order, under filters the hourly rollups count, is placed by hours so it costs
  // what a first page costs; the days that place it also sum to its total.
  const counted =
    offset >= SEEK_FROM_OFFSET && order.column === 'creation_timestamp'
      ? await countAndPlaceOffset(db, filter, offset, order.descending)
      : null;
  if (counted) {
    const { total, placed } = counted;
    return { total, rows: offset < total ? await findPlacedPage(db, placed, order, size) : [] };
  }
  const total = await countShared(db, filter);
  const window = pageWindow(total, page, size);
  return { total, rows: window ? await findSessionPage(db, filter, order, window) : [] };
}

/**
 * The SessionList resource's JSON text: its sessions come written by the database
 * (session-resource-json.ts). A page of 100 is about 150 KB, so it may come as a Buffer (json-text.ts).
 */
export async function listSessions(
  db: Db,
  accountId: string,
  query: SessionsQueryInput,
  options: { publicUrl: string; now?: Date },
): Promise<string | Buffer> {
  const range = resolveDateRange(query, options.now ?? new Date());
  const filter = await withStoredSpellings(db, toSessionFilter(accountId, query, range));
  const order = parseSessionSort(query.sort);
  const { total, rows } = await totalAndPage(db, filter, order, query.page, query.size);
  const head = JSON.stringify({ total, page: { num: query.page, size: query.size } });
  const pieces: (string | Uint8Array)[] = [`${head.slice(0, -1)},"sessions":[`];
  for (const [index, row] of rows.entries()) {
    const [leading, rest] = sessionJsonPieces(row, options.publicUrl);
    pieces.push(index > 0 ? `,${leading}` : leading, rest);
  }
  pieces.push(
    range ? `],"date_range":${JSON.stringify({ from: range.fromIso, to: range.toIso, tz: range.tz })}}` : ']}',
  );
  const text = joinJsonText(pieces);
  // The rows' text is copied: a reader thread may write its next answers where it lay.
  releaseRows(rows);
  return text;
}

/**
 * Checks the list's parameters kept for later (a saved view's) as the list would read them: a value it
 * would refuse is a 400 naming it under `within` ("query.country"), rather than a view that opens on
 * something other than what was saved.
 */
export function checkSessionsQuery(query: Readonly<Record<string, string | undefined>>, within: string): void {
  const input: Record<string, unknown> = { ...query };
  const invalid = queryStringError(SessionsQuery, input, within);
  if (invalid) throw invalid;
  const typed = input as SessionsQueryInput;
  try {
    toSessionFilter('', typed, resolveDateRange(typed, new Date()));
  } catch (error) {
    if (!(error instanceof AppError) || error.param === undefined) throw error;
    throw errors.validation(error.code, namedWithin(error.message, within), `${within}.${error.param}`);
  }
}

const QUERY_PARAMETER_NAMES = new RegExp(`\\b(${Object.keys(SessionsQuery.properties).join('|')})\\b`, 'g');

/**
 * A message about the list's parameters with each parameter it names put under the field that holds them
 * ("query.duration_min must not be greater than query.duration_max"). The value quoted after "got" is the
 * sender's own text and stays as sent.
 */
function namedWithin(message: string, within: string): string {
  const quoted = message.indexOf('; got "');
  const said = quoted < 0 ? message : message.slice(0, quoted);
  return said.replace(QUERY_PARAMETER_NAMES, (name) => `${within}.${name}`) + message.slice(said.length);
}

/** One session's JSON text; `markSeen` records that a person opened it in the dashboard. */
export async function getSession(
  db: Db,
  accountId: string,
  sessionId: string,
  options: { publicUrl: string; markSeen: boolean },
): Promise<string> {
  let row = await findSessionRow(db, accountId, sessionId);
  if (!row) throw errors.notFound('Session');
  if (options.markSeen && row.seen === 0) {
    await markSessionSeen(db, accountId, sessionId);
    row = (await findSessionRow(db, accountId, sessionId)) ?? row;
  }
  return sessionJson(row, options.publicUrl);
}

export type SessionBrief = NonNullable<Awaited<ReturnType<typeof findSessionBrief>>>;

/** Website, visitor and times of a session of the account, or undefined. */
export function sessionBrief(db: Db, accountId: string, sessionId: string): Promise<SessionBrief | undefined> {
  return findSessionBrief(db, accountId, sessionId);
}
