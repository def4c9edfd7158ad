import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// A bulk load (the seeder) writes each new visitor with its session count already set, so on
// PostgreSQL the per-row count trigger stands aside when the transaction sets
// session_analytics.bulk_load, as the hourly rollup trigger does. SQLite's seeder drops and recreates
// its triggers inside its own transaction instead.
const BULK_LOAD_GUARD = `
        if coalesce(current_setting('session_analytics.bulk_load', true), '') = 'on' then
          return null;
        end if;`;

function body(guarded: boolean): string {
  return `
      begin${guarded ? BULK_LOAD_GUARD : ''}
        if tg_op in ('DELETE', 'UPDATE') then
          update visitors set session_count = session_count - 1 where account_id = old.account_id and id = old.visitor_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update visitors set session_count = session_count + 1 where account_id = new.account_id and id = new.visitor_id;
        end if;
        return null;
      end`;
}

async function replace(db: Kysely<unknown>, guarded: boolean): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create or replace function visitor_session_count_apply() returns trigger language plpgsql as $$${sql.raw(body(guarded))}$$`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replace(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replace(db, false);
}
