import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// Both hourly rollups get a daily twin: sessions per account, website and UTC day (Unix seconds at
// midnight), overall and per facet value. A total over a month sums 24 times fewer rows: the whole days
// from the daily tables, the hours at either end from the hourly ones. Summing the 306 start URLs that
// contain "pricing" over 30 days of 3 websites read about 660,000 hourly rows.
//
// The daily rows are kept from the hourly ones, not from the sessions: a trigger on each hourly table
// adds every change of an hourly row to its day's row. So every writer of the hourly rollups (the
// triggers on sessions and visitors, and whatever comes later) keeps the daily ones exact without
// knowing of them. A bulk load, which writes the hourly rows itself, writes the daily rows itself too:
// on PostgreSQL these triggers stand aside for it as the others do, and SQLite's loader drops them
// with the rest.
//
// On PostgreSQL they are row triggers. Statement triggers over transition tables were tried and cost
// four times as much: 0.55–0.65 ms a statement of 12 hourly rows against about 12 µs a row (psql, 1,000
// upserts), as each call plans its query again. Rollup writes of an account already queue behind its
// advisory lock, taken by every trigger that writes the hourly rows.

const DAY = 86_400;

const TABLES = [
  {
    hourly: 'session_hourly_counts',
    daily: 'session_daily_counts',
    columns: 'account_id text not null, website_id text not null, day bigint not null, sessions integer not null',
    fields: ['account_id', 'website_id'],
    key: ['account_id', 'website_id', 'day'],
  },
  {
    hourly: 'session_hourly_facets',
    daily: 'session_daily_facets',
    columns: `account_id text not null, facet text not null, value text not null, day bigint not null,
      website_id text not null, sessions integer not null`,
    fields: ['account_id', 'facet', 'value', 'website_id'],
    key: ['account_id', 'facet', 'value', 'day', 'website_id'],
  },
] as const;

type Table = (typeof TABLES)[number];

const dayOf = (row: string) => `(${row}.hour / ${DAY}) * ${DAY}`;

/** The columns of a daily row taken from hourly row `row` (`new`, `old` or a table alias). */
const dailyValues = (table: Table, row: string) =>
  table.key.map((column) => (column === 'day' ? dayOf(row) : `${row}.${column}`));

const upsert = (table: Table) =>
  `on conflict (${table.key.join(', ')}) do update set sessions = ${table.daily}.sessions + excluded.sessions`;

/** Conditions picking the daily row of hourly row `row`. */
const dayRowOf = (table: Table, row: string) =>
  table.key.map((column, index) => `${column} = ${dailyValues(table, row)[index] as string}`).join(' and ');

/** Adds the sessions of hourly row `new` to its day's row. */
const addNew = (table: Table) =>
  `insert into ${table.daily} (${[...table.key, 'sessions'].join(', ')})
   values (${[...dailyValues(table, 'new'), 'new.sessions'].join(', ')}) ${upsert(table)};`;

/** Takes the sessions of hourly row `old` off its day's row. */
const subtractOld = (table: Table) =>
  `update ${table.daily} set sessions = sessions - old.sessions where ${dayRowOf(table, 'old')};`;

function sqliteTriggers(table: Table): string[] {
  return [
    `create trigger ${table.hourly}_daily_insert after insert on ${table.hourly} begin ${addNew(table)} end`,
    `create trigger ${table.hourly}_daily_update after update on ${table.hourly}
     begin ${subtractOld(table)} ${addNew(table)} end`,
    `create trigger ${table.hourly}_daily_delete after delete on ${table.hourly} begin ${subtractOld(table)} end`,
  ];
}

const NOT_BULK_LOAD = "current_setting('session_analytics.bulk_load', true) is distinct from 'on'";

/**
 * PostgreSQL: one function per table and a row trigger per event, standing aside for a bulk load in its
 * WHEN condition. An update that keeps the row's day (nearly all: a count going up or down) is one update
 * of the day's row.
 */
function postgresTriggers(table: Table): string[] {
  const sameDay = [
    ...table.fields.map((field) => `old.${field} = new.${field}`),
    `old.hour / ${DAY} = new.hour / ${DAY}`,
  ];
  const fn = `${table.daily}_apply`;
  return [
    `create function ${fn}() returns trigger language plpgsql as $fn$
     begin
       if tg_op = 'UPDATE' and ${sameDay.join(' and ')} then
         update ${table.daily} set sessions = sessions + new.sessions - old.sessions where ${dayRowOf(table, 'new')};
         return null;
       end if;
       if tg_op in ('UPDATE', 'DELETE') then ${subtractOld(table)} end if;
       if tg_op in ('INSERT', 'UPDATE') then ${addNew(table)} end if;
       return null;
     end $fn$`,
    ...['insert', 'update', 'delete'].map(
      (event) => `create trigger ${table.hourly}_daily_${event} after ${event} on ${table.hourly}
       for each row when (${NOT_BULK_LOAD}) execute function ${fn}()`,
    ),
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const table of TABLES) {
    await sql
      .raw(
        `create table ${table.daily} (${table.columns}, constraint ${table.daily}_pk primary key (${table.key.join(', ')}))` +
          (postgres ? '' : ' without rowid'),
      )
      .execute(db);
    if (postgres) {
      // Like the hourly rows, today's rows are updated by every recorded session: room for in-place updates.
      await sql
        .raw(`alter table ${table.daily} set (fillfactor = 50, autovacuum_vacuum_scale_factor = 0.01)`)
        .execute(db);
    }
    await sql
      .raw(
        `insert into ${table.daily} (${[...table.key, 'sessions'].join(', ')})
         select ${dailyValues(table, 'h').join(', ')}, sum(h.sessions) from ${table.hourly} h
         group by ${[...table.fields.map((field) => `h.${field}`), dayOf('h')].join(', ')}`,
      )
      .execute(db);
    for (const statement of postgres ? postgresTriggers(table) : sqliteTriggers(table)) {
      await sql.raw(statement).execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger ${table.hourly}_daily_${event}${postgres ? ` on ${table.hourly}` : ''}`).execute(db);
    }
    if (postgres) await sql.raw(`drop function ${table.daily}_apply()`).execute(db);
    await sql.raw(`drop table ${table.daily}`).execute(db);
  }
}
