import { CompiledQuery, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.ts';
import { anyOrderReads } from './visitors-search-any-order.repository.ts';
import {
  NAME_CANDIDATES,
  notAnEmailMatch,
  ORDERED_BY_NAME,
  SEARCH_COLUMNS,
  type SearchRow,
  type SearchShape,
  type SearchValues,
  SURNAME_FIRST,
  SURNAME_FIRST_KEY,
  WITH_NAME_WORDS,
} from './visitors-search-shape.ts';

// The people search's statements: its reads by prefix, then, when those find too few people, its reads of a
// text's words in any order; each built and compiled once per dialect and shape (visitors.repository.ts runs
// them and lists what they found).

/** The keys read that are expressions of the table's columns, by the name the search gives them. */
const KEY_EXPRESSIONS: Record<string, string> = { [SURNAME_FIRST]: SURNAME_FIRST_KEY };

/**
 * One prefix read: a range of one key's index (`key` as `table.column`, or a name of `KEY_EXPRESSIONS`), in
 * the key's order, and for the keys `ORDERED_BY_NAME`, by name and id among equal keys.
 */
function prefixRead(
  accountId: string,
  part: number,
  key: string,
  range: { from: string; to: string },
  limit: number,
  from = sql`visitors`,
) {
  const column = sql.raw(KEY_EXPRESSIONS[key] ?? key);
  return sql`select ${sql.lit(part)} as part, ${column} as sort_key, ${SEARCH_COLUMNS} from ${from}
    where ${sql.raw(key.slice(0, key.indexOf('.')))}.account_id = ${accountId}
      and ${column} >= ${range.from} and ${column} < ${range.to}
    order by ${column}${ORDERED_BY_NAME.has(key) ? sql`, visitors.name_key, visitors.id` : sql``}
    limit ${sql.lit(limit)}`;
}

/** `prefixRead` written as a subquery a union may hold. */
function prefixPart(...read: Parameters<typeof prefixRead>) {
  return sql`select * from (${prefixRead(...read)}) as ${sql.raw(`part_${read[1]}`)}`;
}

/**
 * A read of names, as `prefixRead` is asked, that keeps the people whose e-mail does not start with the text:
 * those whose e-mail does are e-mail matches, listed with the e-mails. The first rows are taken as the range
 * yields them, in its key's order, so the read stops at `rows` people found.
 */
function namePart(values: SearchValues, ...read: Parameters<typeof prefixRead>) {
  const [accountId, part, key, range, rows, from] = read;
  const candidates = prefixRead(accountId, part, key, range, NAME_CANDIDATES, from);
  return sql`select * from (select * from (${candidates}) as candidates
    where ${notAnEmailMatch(values, sql`candidates`)}
    limit ${sql.lit(rows)}) as ${sql.raw(`part_${part}`)}`;
}

/**
 * The search's reads by prefix, with its values; a text of several words is also read as a name surname first
 * ("suzuki so" for Sofia Suzuki), which a text of one word (a surname: the tail key's read) is not.
 */
function prefixStatement(values: SearchValues, shape: SearchShape) {
  const { rows } = shape;
  const email = { from: values.email, to: values.emailEnd };
  const name = { from: values.name, to: values.nameEnd };
  const surnameFirst =
    shape.otherWords.length > 0 ? namePart(values, values.account, 9, SURNAME_FIRST, name, rows) : null;
  return sql<SearchRow>`select 0 as part, '' as sort_key, ${SEARCH_COLUMNS} from visitors
      where visitors.account_id = ${values.account} and visitors.id = ${values.text}
    union all
    select 1 as part, '' as sort_key, ${SEARCH_COLUMNS} from sessions
      inner join visitors on visitors.account_id = sessions.account_id and visitors.id = sessions.visitor_id
      where sessions.account_id = ${values.account} and sessions.id = ${values.text}
    union all ${prefixPart(values.account, 2, 'visitors.email_lower', email, rows)}
    union all ${namePart(values, values.account, 3, 'visitors.name_key', name, rows)}
    union all ${namePart(values, values.account, 4, 'visitors.name_tail_key', name, rows)}
    union all ${namePart(values, values.account, 5, 'visitors.name_third_key', name, rows)}
    union all ${namePart(values, values.account, 6, 'visitors.name_last_key', name, rows)}
    union all ${namePart(values, values.account, 7, 'visitor_name_words.word_key', name, rows, WITH_NAME_WORDS)}
    union all ${prefixPart(values.account, 8, 'visitors.id', { from: values.text, to: values.textEnd }, rows)}
    ${surnameFirst ? sql`union all ${surnameFirst}` : sql``}`;
}

/** The search's reads of a text's words in any order (`anyOrderReads`), with its values. */
function anyOrderStatement(db: Db, values: SearchValues, shape: SearchShape) {
  const { reads, started } = anyOrderReads(db, values, shape);
  return sql<SearchRow>`${started}${sql.join(reads, sql` union all `)}`;
}

/** The search's statements: its reads by prefix, and its reads in any order (a text of several words only). */
export type SearchStatement = 'prefixes' | 'anyOrder';

/**
 * One of the search's statements compiled once per dialect and shape, with the value each parameter takes:
 * it is the same for every search of a shape but for its values, and building and compiling its reads afresh
 * cost more than running them. Each value is compiled as a stand-in that names it.
 */
const compiledSearches = new Map<string, { sql: string; roles: (keyof SearchValues)[] }>();

export function compiledSearch(
  db: Db,
  values: SearchValues,
  shape: SearchShape,
  statement: SearchStatement,
): CompiledQuery<SearchRow> {
  const dialect = isPostgres(db) ? 'pg' : 'sqlite';
  // The reads by prefix differ only by the limit and whether the text has several words (read surname first).
  const reads =
    statement === 'prefixes'
      ? `${shape.otherWords.length > 0}`
      : `${shape.otherWords.join(',')}:${shape.wordKeys.join(',')}:${shape.startedWords}`;
  const key = `${statement}:${dialect}:${shape.rows}:${reads}`;
  let template = compiledSearches.get(key);
  if (!template) {
    const marks = Object.fromEntries(
      Object.keys(values).map((role) => [role, `\u0000${role}`]),
    ) as unknown as SearchValues;
    const roleOfMark = new Map(Object.entries(marks).map(([role, mark]) => [mark, role as keyof SearchValues]));
    const marked = (
      statement === 'prefixes' ? prefixStatement(marks, shape) : anyOrderStatement(db, marks, shape)
    ).compile(db);
    const roles = marked.parameters.map((parameter) => {
      const role = roleOfMark.get(String(parameter));
      if (!role) throw new Error('the search statement holds a value that is not one of its own');
      return role;
    });
    template = { sql: marked.sql, roles };
    compiledSearches.set(key, template);
  }
  return CompiledQuery.raw(
    template.sql,
    template.roles.map((role) => values[role]),
  ) as CompiledQuery<SearchRow>;
}
