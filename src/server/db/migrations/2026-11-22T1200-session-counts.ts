import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// Sessions per account, website and hour, kept exact by triggers on every write path (API, tracker,
// seeding), so a list's `total` sums a few hundred rows instead of counting millions. Triggers differ
// between the two databases; both versions stand here side by side.
const SQLITE_TRIGGERS = [
  sql`create trigger sessions_count_insert after insert on sessions begin
        insert into session_hourly_counts (account_id, website_id, hour, sessions)
        values (new.account_id, new.website_id, (new.creation_timestamp / 3600) * 3600, 1)
        on conflict (account_id, website_id, hour) do update set sessions = sessions + 1;
      end`,
  sql`create trigger sessions_count_delete after delete on sessions begin
        update session_hourly_counts set sessions = sessions - 1
        where account_id = old.account_id and website_id = old.website_id and hour = (old.creation_timestamp / 3600) * 3600;
      end`,
  sql`create trigger sessions_count_update after update of creation_timestamp, website_id on sessions
      when old.creation_timestamp / 3600 <> new.creation_timestamp / 3600 or old.website_id <> new.website_id begin
        update session_hourly_counts set sessions = sessions - 1
        where account_id = old.account_id and website_id = old.website_id and hour = (old.creation_timestamp / 3600) * 3600;
        insert into session_hourly_counts (account_id, website_id, hour, sessions)
        values (new.account_id, new.website_id, (new.creation_timestamp / 3600) * 3600, 1)
        on conflict (account_id, website_id, hour) do update set sessions = sessions + 1;
      end`,
];

const POSTGRES_TRIGGERS = [
  sql`create function session_hourly_counts_apply() returns trigger language plpgsql as $$
      begin
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
      end $$`,
  sql`create trigger sessions_count_insert after insert or delete on sessions
      for each row execute function session_hourly_counts_apply()`,
  sql`create trigger sessions_count_update after update of creation_timestamp, website_id on sessions
      for each row when (old.creation_timestamp / 3600 <> new.creation_timestamp / 3600 or old.website_id <> new.website_id)
      execute function session_hourly_counts_apply()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_hourly_counts')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('website_id', 'text', (col) => col.notNull())
    .addColumn('hour', 'bigint', (col) => col.notNull())
    .addColumn('sessions', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('session_hourly_counts_pk', ['account_id', 'website_id', 'hour'])
    .execute();
  await sql`insert into session_hourly_counts (account_id, website_id, hour, sessions)
            select account_id, website_id, (creation_timestamp / 3600) * 3600, count(*)
            from sessions group by account_id, website_id, (creation_timestamp / 3600) * 3600`.execute(db);
  const postgres = isPostgres(db);
  for (const statement of postgres ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await sql`drop trigger sessions_count_insert on sessions`
    .execute(db)
    .catch(() => sql`drop trigger sessions_count_insert`.execute(db));
  if (postgres) {
    await sql`drop trigger sessions_count_update on sessions`.execute(db);
    await sql`drop function session_hourly_counts_apply()`.execute(db);
  } else {
    await sql`drop trigger sessions_count_delete`.execute(db);
    await sql`drop trigger sessions_count_update`.execute(db);
  }
  await db.schema.dropTable('session_hourly_counts').execute();
}
