import type pg from 'pg';

/**
 * SQL that opens with this comment runs on PostgreSQL as a named prepared statement: parsed once on each
 * connection and, after a few runs, executed from a plan PostgreSQL keeps. Only for statements whose text
 * never varies and whose plan cannot depend on the values they are given (lookups by primary key): a kept
 * plan serves every value alike. SQLite keeps every statement prepared already (sqlite-statements.ts).
 */
export const PREPARED_MARK = '/* prepared */';

/** One name per text, the same on every connection; the marked texts are a handful of constants. */
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `prepared_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Makes `client` run marked SQL texts as named statements. Kysely passes node-postgres a text and its
 * values; every other call reaches the client unchanged.
 */
export function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const marked = (config: unknown, ...rest: unknown[]) =>
    typeof config === 'string' && config.startsWith(PREPARED_MARK)
      ? query({ name: nameOf(config), text: config }, ...rest)
      : query(config, ...rest);
  // node-postgres overloads `query` on its arguments, which pass on as they came.
  client.query = marked as typeof client.query;
}
