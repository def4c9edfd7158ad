/**
 * SQL that opens with this comment runs on PostgreSQL as a named prepared statement: parsed once on each
 * connection and, after a few runs, executed from a plan PostgreSQL keeps. Only for statements whose text
 * never varies and whose plan cannot depend on the values they are given (lookups by primary key): a kept
 * plan serves every value alike. SQLite keeps every statement prepared already (sqlite-statements.ts).
 * Each pooled connection's `query` runs marked texts so (postgres-client-queries.ts).
 */
export const PREPARED_MARK = '/* prepared */';

/** One name per text, the same on every connection; the marked texts are a handful of constants. */
const names = new Map<string, string>();

export function preparedNameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `prepared_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}
