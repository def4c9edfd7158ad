import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// How many values each account's text facet (`url`, `start_url`, `referrer`) holds in
// session_text_values, kept by a trigger on every value added, by every writer (API, tracker, bulk
// loads). Values are never removed there, so a count that has not moved means the same values: each
// process keeps an account's values in memory (session-text-values.ts) and reads this one row per
// contains-filter instead of testing every value for the text. At 1,000,000 sessions on SQLite, testing
// the 4,917 URLs took 2.3–3.5 ms of a 9–14 ms request, and counting them 0.5–1.5 ms (their rows hold
// the whole URLs).
//
// On PostgreSQL every writer of a new value already holds the account's rollup lock, so two
// transactions never add to the same row at once. The migration takes the table's lock while it
// counts, so no value is added between the count and the trigger.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('session_text_value_counts')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('facet', 'text', (col) => col.notNull())
    .addColumn('value_count', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('session_text_value_counts_pk', ['account_id', 'facet'])
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  if (postgres) await sql`lock table session_text_values in share row exclusive mode`.execute(db);
  await sql`insert into session_text_value_counts (account_id, facet, value_count)
    select account_id, facet, count(*) from session_text_values group by account_id, facet`.execute(db);
  const add = `insert into session_text_value_counts (account_id, facet, value_count)
    values (new.account_id, new.facet, 1)
    on conflict (account_id, facet) do update set value_count = session_text_value_counts.value_count + 1;`;
  if (postgres) {
    await sql
      .raw(
        `create function session_text_value_count() returns trigger language plpgsql as $fn$
         begin ${add} return null; end $fn$`,
      )
      .execute(db);
    await sql`create trigger session_text_values_count after insert on session_text_values
      for each row execute function session_text_value_count()`.execute(db);
  } else {
    await sql
      .raw(`create trigger session_text_values_count after insert on session_text_values begin ${add} end`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger session_text_values_count on session_text_values`.execute(db);
    await sql`drop function session_text_value_count()`.execute(db);
  } else {
    await sql`drop trigger session_text_values_count`.execute(db);
  }
  await db.schema.dropTable('session_text_value_counts').execute();
}
