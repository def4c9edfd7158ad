// Device, browser and OS names are written by the server's User-Agent parser ("mobile", "Chrome",
// "macOS"), not by the people who filter on them, so `browser=chrome` means the sessions in Chrome. The
// filter compares stored values exactly, on their indexes and sets; a value given in another case is
// first read as the spelling the account's sessions have.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { runPrepared } from '../../db/run-prepared.ts';
import type { SessionFilter } from './session-filter.ts';

/** The filter's fields matched in any case, with their facet in session_daily_facets. */
const ANY_CASE_FIELDS = [
  ['device', 'device'],
  ['browser', 'browser'],
  ['os', 'os'],
] as const;

/**
 * The spelling of `value` that the account's sessions have in `facet`: `value` itself when some session
 * has it (one key lookup), else the one stored value equal to it in any case, else `value` (which then
 * matches nothing, as before). The daily facet rollup lists each stored value a few times a day, so the
 * fallback reads a few thousand rows at most.
 */
async function storedSpelling(db: Db, accountId: string, facet: string, value: string): Promise<string> {
  const exact = sql<{ found: number }>`select 1 as found from session_daily_facets
    where account_id = ${accountId} and facet = ${facet} and value = ${value} limit 1`;
  if ((await runPrepared(db, exact.compile(db))).length > 0) return value;
  const folded = value.toLowerCase();
  const stored = sql<{ value: string }>`select distinct value from session_daily_facets
    where account_id = ${accountId} and facet = ${facet}`;
  const spellings = (await runPrepared(db, stored.compile(db))).map((row) => row.value);
  return spellings.find((spelling) => spelling.toLowerCase() === folded) ?? value;
}

/** The filter with its device, browser and OS in the spelling the account's sessions have. */
export async function withStoredSpellings(db: Db, filter: SessionFilter): Promise<SessionFilter> {
  const given = ANY_CASE_FIELDS.filter(([field]) => filter[field] !== undefined);
  if (given.length === 0) return filter;
  const spelled = await Promise.all(
    given.map(async ([field, facet]) => [
      field,
      await storedSpelling(db, filter.accountId, facet, filter[field] ?? ''),
    ]),
  );
  return { ...filter, ...Object.fromEntries(spelled) };
}
