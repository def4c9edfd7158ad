import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// A bulk load (the seeder) adds whole hours to session_hourly_counts itself, once per batch, and sets
// session_analytics.bulk_load for its own transaction so the per-row trigger stands aside. Every other
// writer leaves the setting unset and is counted row by row as before. SQLite's seeder drops and
// recreates its triggers inside its transaction instead, so it needs no change here.
const BODY = `
      begin
        if coalesce(current_setting('session_analytics.bulk_load', true), '') = 'on' then
          return null;
        end if;
        if tg_op in ('DELETE', 'UPDATE') then
          update session_hourly_counts set sessions = sessions - 1
          where account_id = old.account_id and website_id = old.website_id and hour = (old.creation_timestamp / 3600) * 3600;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into session_hourly_counts (account_id, website_id, hour, sessions)
          values (new.account_id, new.website_id, (new.creation_timestamp / 3600) * 3600, 1)
          on conflict (account_id, website_id, hour) do update set sessions = session_hourly_counts.sessions + 1;
        end if;
        return null;
      end`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create or replace function session_hourly_counts_apply() returns trigger language plpgsql as $$${sql.raw(BODY)}$$`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const previous = BODY.replace(/\n {8}if coalesce[\s\S]*?end if;/, '');
  await sql`create or replace function session_hourly_counts_apply() returns trigger language plpgsql as $$${sql.raw(previous)}$$`.execute(
    db,
  );
}
