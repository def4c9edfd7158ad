/**
 * SQL that opens with this comment runs on PostgreSQL as a named prepared statement: parsed once on each
 * connection and, after a few runs, executed from a plan PostgreSQL keeps. Only for statements whose text
 * comes from a bounded set (a constant, or one per shape of a filter) and whose plan cannot depend on the
 * values they are given (lookups by primary key, sums over the rollups' keys): a kept plan serves every
 * value alike. SQLite keeps every statement prepared already (sqlite-statements.ts).
 * Each pooled connection's `query` runs marked texts so (postgres-client-queries.ts).
 */
export const PREPARED_MARK = '/* prepared */';

/**
 * One name per text, the same on every connection; the marked texts are a few dozen at most. Each
 * query brings its text as a new string of a few kilobytes, which a Map would hash in full every time
 * (11 µs a first page); comparing with the few known texts stops at the first differing character.
 */
const named: { text: string; name: string }[] = [];

export function preparedNameOf(text: string): string {
  for (const known of named) if (known.text.length === text.length && known.text === text) return known.name;
  const name = `prepared_${named.length + 1}`;
  named.push({ text, name });
  return name;
}
