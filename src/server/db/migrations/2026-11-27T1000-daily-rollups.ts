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
// On PostgreSQL the triggers run once per statement over its transition tables: one hourly statement
// (a session's facets) changes a dozen rows, and one grouped upsert costs less than a dozen function
// calls. Its rows are upserted in key order, as every rollup writer does, so concurrent writers lock
// them in the same order; rollup writes of an account already queue behind its advisory lock.

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

function sqliteTriggers(table: Table): string[] {
  const columns = [...table.key, 'sessions'].join(', ');
  const add = `insert into ${table.daily} (${columns}) values (${[...dailyValues(table, 'new'), 'new.sessions'].join(', ')})
    ${upsert(table)};`;
  const matchOld = table.key
    .map((column, index) => `${column} = ${dailyValues(table, 'old')[index] as string}`)
    .join(' and ');
  const subtract = `update ${table.daily} set sessions = sessions - old.sessions where ${matchOld};`;
  return [
    `create trigger ${table.hourly}_daily_insert after insert on ${table.hourly} begin ${add} end`,
    `create trigger ${table.hourly}_daily_update after update on ${table.hourly} begin ${subtract} ${add} end`,
    `create trigger ${table.hourly}_daily_delete after delete on ${table.hourly} begin ${subtract} end`,
  ];
}

/** PostgreSQL: one function per table, one statement trigger per event (each names its own transition tables). */
function postgresTriggers(table: Table): string[] {
  const columns = [...table.key, 'sessions'].join(', ');
  const changes = (rows: string, sign: string) =>
    `select ${dailyValues(table, 'r')
      .map((value, index) => `${value} as ${table.key[index] as string}`)
      .join(', ')}, ${sign}r.sessions as sessions from ${rows} r`;
  const apply = (parts: string[]) => `insert into ${table.daily} (${columns})
       select ${table.key.join(', ')}, sum(sessions) from (${parts.join(' union all ')}) as changed
       group by ${table.key.join(', ')} order by ${table.key.join(', ')}
       ${upsert(table)};`;
  const fn = `${table.daily}_apply`;
  return [
    `create function ${fn}() returns trigger language plpgsql as $fn$
     begin
       if coalesce(current_setting('session_analytics.bulk_load', true), '') = 'on' then
         return null;
       end if;
       if tg_op = 'INSERT' then
         ${apply([changes('added', '')])}
       elsif tg_op = 'UPDATE' then
         ${apply([changes('added', ''), changes('removed', '-')])}
       else
         ${apply([changes('removed', '-')])}
       end if;
       return null;
     end $fn$`,
    `create trigger ${table.hourly}_daily_insert after insert on ${table.hourly}
     referencing new table as added for each statement execute function ${fn}()`,
    `create trigger ${table.hourly}_daily_update after update on ${table.hourly}
     referencing old table as removed new table as added for each statement execute function ${fn}()`,
    `create trigger ${table.hourly}_daily_delete after delete on ${table.hourly}
     referencing old table as removed for each statement execute function ${fn}()`,
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
