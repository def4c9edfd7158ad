import type { CompiledQuery } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import { ShapedStatements } from '../../db/shaped-statements.ts';
import type { SessionFilter } from './session-filter.ts';
import { PLACE_FIELDS, wholeHoursQuery } from './session-rollup.ts';

/**
 * The list's commonest reads, kept by shape and run without the query builder (shaped-statements.ts): a
 * page and a total when only the place narrows (account, website, dates), or a visitor or an e-mail
 * besides it, and the rows by id.
 */
const shaped = new ShapedStatements();

/** The rows of the sessions with these ids, from a statement whose text is the same for any ids. */
export function readRowsById<Row>(
  db: Db,
  accountId: string,
  ids: readonly string[],
  compile: () => CompiledQuery<Row>,
): Promise<Row[]> | null {
  return shaped.read(db, 'rows-by-id', [accountId, ids], compile);
}

const NOTHING_ELSE: ReadonlySet<string> = new Set();

/**
 * The fields of a filter that only places the sessions (account, website, dates), each present or not; null
 * when anything else narrows. The keys' and the rollup's SQL text is the same for any values of these.
 * `also` lets other fields narrow too.
 */
function placeShape(filter: SessionFilter, also: ReadonlySet<string> = NOTHING_ELSE): string | null {
  let shape = '';
  for (const key in filter) {
    const value = filter[key as keyof SessionFilter];
    if (value === undefined || value === null || key === 'accountId') continue;
    if (!PLACE_FIELDS.has(key) && !also.has(key)) return null;
    shape += `,${key}`;
  }
  return shape;
}

/** The parameters of a place's conditions, in the order applyFilter and the rollups write them. */
function placeParameters(filter: SessionFilter): unknown[] {
  const parameters: unknown[] = [filter.accountId];
  if (filter.websiteId !== undefined) parameters.push(filter.websiteId);
  if (filter.from != null) parameters.push(filter.from);
  if (filter.to != null) parameters.push(filter.to);
  return parameters;
}

/**
 * Index entries a page may read past and still count as a short read. Reads outside the query builder
 * are not cancelled when their client goes away (shaped-statements.ts), so a deep page in another order
 * than time (which skips up to half the account's sessions) stays with Kysely; a deep page in time order
 * is placed by hours first and skips at most half an hour's sessions.
 */
const SHORT_READ_ENTRIES = 10_000;

/** A page's read outside the query builder. */
export interface PlacedRead {
  /** The statement's name, with whatever besides the place shapes its text (the order, the direction). */
  statement: string;
  window: { offset: number; limit: number };
  /**
   * Whether the page is in time order, whose index serves it best whatever the values (the account's
   * or the website's range of start times); in another order, how many sessions the place holds decides.
   */
  timeOrder: boolean;
  /**
   * The window opens at the place's first row and its size is written into the statement's text (one
   * text per size) rather than passed: PostgreSQL then keeps the statement's plan (sessions.repository.ts).
   */
  sizeInText?: boolean;
}

/**
 * A page's statement when only the place narrows and its window ends near where the read starts, read
 * without the query builder; else null.
 */
export function readPlaced<Row>(
  db: Db,
  filter: SessionFilter,
  read: PlacedRead,
  compile: () => CompiledQuery<Row>,
): Promise<Row[]> | null {
  const { window } = read;
  if (window.offset + window.limit > SHORT_READ_ENTRIES) return null;
  const place = placeShape(filter);
  if (place === null) return null;
  const inText = read.sizeInText === true;
  const shape = inText ? `${read.statement}${place}:first ${window.limit}` : `${read.statement}${place}`;
  const parameters = inText ? placeParameters(filter) : [...placeParameters(filter), window.limit, window.offset];
  // In time order the place's index range serves any values: on PostgreSQL the statement is kept
  // prepared, parsed once on each connection.
  return shaped.read(db, shape, parameters, compile, {
    samePlanForAnyValues: read.timeOrder,
    prepared: read.timeOrder,
  });
}

/** The total of account and perhaps website, summed from the daily rollup; null when more narrows. */
export function readPlacedTotal(db: Db, filter: SessionFilter): Promise<{ total: number | string | null }[]> | null {
  if (filter.from != null || filter.to != null) return null;
  const place = placeShape(filter);
  if (place === null) return null;
  // The account's or the website's daily rows, read by their key whatever the values.
  return shaped.read(
    db,
    `total${place}`,
    placeParameters(filter),
    () => wholeHoursQuery(db, filter, null, { from: null, to: null })?.compile(db) ?? null,
    { samePlanForAnyValues: true, prepared: true },
  );
}

/** The fields that narrow to one visitor's or one e-mail's sessions. */
const VISITOR_FIELDS: ReadonlySet<string> = new Set(['visitorId', 'emailLower']);

/** The parameters of a visitor's or an e-mail's conditions and the place's, in applyFilter's order. */
function visitorParameters(filter: SessionFilter): unknown[] {
  const [accountId, ...place] = placeParameters(filter);
  const parameters: unknown[] = [accountId];
  if (filter.visitorId !== undefined) parameters.push(filter.visitorId);
  if (filter.emailLower !== undefined) parameters.push(filter.accountId, filter.emailLower);
  return [...parameters, ...place];
}

/**
 * PostgreSQL: a page in time order, or the total, of one visitor's or one e-mail's sessions (and perhaps
 * the place), as a named prepared statement; else null. The index by visitor and start time holds either
 * whatever the values, a visitor's sessions already in order, so a kept plan serves every visitor; planned
 * anew, the e-mail's two statements spent about 0.5 ms each in planning, more than in running (at
 * 10,000,000 sessions).
 */
export function readVisitorSessions<Row>(
  db: Db,
  filter: SessionFilter,
  read: { statement: string; window?: { offset: number; limit: number } },
  compile: () => CompiledQuery<Row> | null,
): Promise<Row[]> | null {
  if (!isPostgres(db)) return null;
  const { window } = read;
  if (window && window.offset + window.limit > SHORT_READ_ENTRIES) return null;
  if (filter.visitorId === undefined && filter.emailLower === undefined) return null;
  const shape = placeShape(filter, VISITOR_FIELDS);
  if (shape === null) return null;
  const parameters = visitorParameters(filter);
  if (window) parameters.push(window.limit, window.offset);
  return shaped.read(db, `${read.statement}${shape}`, parameters, compile, { prepared: true });
}
