import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// The sessions of each past hour and day of an account as sets, one per filter value, so a filter that
// combines a page URL with other conditions counts its exact total by uniting and intersecting sets
// instead of reading each matching session (at 10,000,000 sessions the row count took 4 to 5 s).
//
// - session_set_hours: one row per sealed hour of an account that held sessions when it was sealed:
//   how many (`sessions`: the members of its sets are their positions, 0 to sessions - 1), whether a
//   session of that hour changed since (`stale`), and which build wrote it (`generation`).
// - session_sets: for each sealed hour, each filter value some of its sessions have, the positions of
//   those sessions (`members`, encoded as features/sessions/session-set-encoding.ts says), with the
//   generation of the hour's build.
// - session_set_days and session_day_sets: the same for a whole UTC day whose hours are all sealed and
//   current, its positions being its hours' one after the other; `offsets` lists where each hour starts,
//   so part of a day is a range of positions.
// - session_set_marks: per account, the hour before which every hour is sealed (`sealed_until`), and
//   the version of the builder that sealed them: a builder that keeps other sets starts the account over.
//
// Sets are written by a background builder, never by a request. These triggers only mark an hour below
// `sealed_until` stale, and drop its day, when one of its sessions, or a session's pages, changes: a
// stale hour is counted row by row until the builder writes it again. Hours at or after `sealed_until`
// are always counted row by row. The builder seals only hours that ended at least 30 minutes ago.
//
// On PostgreSQL a change to an hour before the current one takes the account's rollup lock (migration
// 2026-11-25T1000) before it looks for the mark, and the builder holds the same lock while it reads and
// writes an hour: a change and a build of the same hour never overlap unseen. A change to the current
// hour takes no lock: a build of that hour waits until 30 minutes after it ends, and no transaction
// stays open that long.
// A bulk load's rows mark their own hours (seed/postgres-bulk.ts, seed/sqlite-row-writer.ts).

/** Columns of sessions whose change changes the hour's sets (or may, once a set keeps them). */
const SESSION_COLUMNS = [
  'creation_timestamp',
  'website_id',
  'device',
  'browser_name',
  'os_name',
  'country_code',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'error_logs',
  'rage_clicks',
  'error_clicks',
  'start_url',
  'referrer',
  'tags',
  'duration',
  'engagement_score',
];

const hourOf = (row: string) => `(${row}.creation_timestamp / 3600) * 3600`;
const dayOf = (row: string) => `(${row}.creation_timestamp / 86400) * 86400`;

/** Marks the hour of `row` stale when it is sealed (SQLite). */
const sqliteMark = (row: string) => `insert into session_set_hours (account_id, hour, sessions, stale, generation)
  select ${row}.account_id, ${hourOf(row)}, 0, 1, 0
  where ${row}.creation_timestamp < (select sealed_until from session_set_marks where account_id = ${row}.account_id)
  on conflict (account_id, hour) do update set stale = 1;
  delete from session_set_days where account_id = ${row}.account_id and day = ${dayOf(row)};`;

const changed = (distinct: string) =>
  SESSION_COLUMNS.map((column) => `old.${column} ${distinct} new.${column}`).join(' or ');

const SQLITE_TRIGGERS = [
  `create trigger sessions_sets_insert after insert on sessions begin ${sqliteMark('new')} end`,
  `create trigger sessions_sets_delete after delete on sessions begin ${sqliteMark('old')} end`,
  `create trigger sessions_sets_update after update of ${SESSION_COLUMNS.join(', ')} on sessions
   when ${changed('is not')} begin ${sqliteMark('old')} ${sqliteMark('new')} end`,
  `create trigger session_pages_sets_insert after insert on session_pages begin ${sqliteMark('new')} end`,
  `create trigger session_pages_sets_delete after delete on session_pages begin ${sqliteMark('old')} end`,
  `create trigger session_pages_sets_update after update of url, creation_timestamp on session_pages
   when old.url is not new.url or old.creation_timestamp is not new.creation_timestamp
   begin ${sqliteMark('old')} ${sqliteMark('new')} end`,
];

/** Marks the hour of `row` stale when it is sealed (PostgreSQL), under the rollup lock for older hours. */
const postgresMark = (row: string) => `
  if ${row}.creation_timestamp < (extract(epoch from clock_timestamp())::bigint / 3600) * 3600 then
    perform pg_advisory_xact_lock(7242, hashtext(${row}.account_id));
    insert into session_set_hours (account_id, hour, sessions, stale, generation)
    select ${row}.account_id, ${hourOf(row)}, 0, 1, 0
    where ${row}.creation_timestamp < (select sealed_until from session_set_marks where account_id = ${row}.account_id)
    on conflict (account_id, hour) do update set stale = 1;
    delete from session_set_days where account_id = ${row}.account_id and day = ${dayOf(row)};
  end if;`;

const POSTGRES_TRIGGERS = [
  `create function session_sets_mark() returns trigger language plpgsql as $fn$
   begin
     if coalesce(current_setting('session_analytics.bulk_load', true), '') = 'on' then
       return null;
     end if;
     if tg_op in ('DELETE', 'UPDATE') then ${postgresMark('old')} end if;
     if tg_op in ('INSERT', 'UPDATE') then ${postgresMark('new')} end if;
     return null;
   end $fn$`,
  `create trigger sessions_sets after insert or delete on sessions
   for each row execute function session_sets_mark()`,
  `create trigger sessions_sets_update after update of ${SESSION_COLUMNS.join(', ')} on sessions
   for each row when (${changed('is distinct from')}) execute function session_sets_mark()`,
  `create trigger session_pages_sets after insert or delete on session_pages
   for each row execute function session_sets_mark()`,
  `create trigger session_pages_sets_update after update of url, creation_timestamp on session_pages
   for each row when (old.url is distinct from new.url or old.creation_timestamp is distinct from new.creation_timestamp)
   execute function session_sets_mark()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('session_set_marks')
    .addColumn('account_id', 'text', (col) => col.primaryKey())
    .addColumn('sealed_until', 'bigint', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
  const withoutRowid = postgres ? sql`` : sql`without rowid`;
  await sql`create table session_set_hours (
    account_id text not null, hour bigint not null, sessions integer not null, stale integer not null,
    generation bigint not null, constraint session_set_hours_pk primary key (account_id, hour)) ${withoutRowid}`.execute(
    db,
  );
  await sql`create table session_set_days (
    account_id text not null, day bigint not null, sessions integer not null, offsets text not null,
    generation bigint not null, constraint session_set_days_pk primary key (account_id, day)) ${withoutRowid}`.execute(
    db,
  );
  const blob = sql.raw(postgres ? 'bytea' : 'blob');
  for (const [table, grain] of [
    ['session_sets', 'hour'],
    ['session_day_sets', 'day'],
  ] as const) {
    await sql`create table ${sql.table(table)} (
      account_id text not null, facet text not null, value text not null, ${sql.ref(grain)} bigint not null,
      generation bigint not null, members ${blob} not null,
      constraint ${sql.ref(`${table}_pk`)} primary key (account_id, facet, value, ${sql.ref(grain)})) ${withoutRowid}`.execute(
      db,
    );
    // The builder replaces an hour's (or a day's) sets: all of them, whatever their value.
    await sql`create index ${sql.ref(`${table}_${grain}_idx`)} on ${sql.table(table)} (account_id, ${sql.ref(grain)})`.execute(
      db,
    );
  }
  for (const statement of postgres ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const [name, table] of [
      ['sessions_sets', 'sessions'],
      ['sessions_sets_update', 'sessions'],
      ['session_pages_sets', 'session_pages'],
      ['session_pages_sets_update', 'session_pages'],
    ]) {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
    }
    await sql`drop function session_sets_mark()`.execute(db);
  } else {
    for (const name of [
      'sessions_sets_insert',
      'sessions_sets_delete',
      'sessions_sets_update',
      'session_pages_sets_insert',
      'session_pages_sets_delete',
      'session_pages_sets_update',
    ]) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  for (const table of ['session_day_sets', 'session_set_days', 'session_sets', 'session_set_hours']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropTable('session_set_marks').execute();
}
