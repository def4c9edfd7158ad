import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// Each visitor's number of sessions (`sessions_statistics.count` in the sessions API), kept exact by
// triggers on every write path (API, tracker, seeding) so that listing sessions never counts them.
// Triggers differ between the two databases; both versions stand here side by side.
const SQLITE_TRIGGERS = [
  sql`create trigger visitor_sessions_count_insert after insert on sessions begin
        update visitors set session_count = session_count + 1 where account_id = new.account_id and id = new.visitor_id;
      end`,
  sql`create trigger visitor_sessions_count_delete after delete on sessions begin
        update visitors set session_count = session_count - 1 where account_id = old.account_id and id = old.visitor_id;
      end`,
  sql`create trigger visitor_sessions_count_update after update of visitor_id on sessions
      when old.visitor_id <> new.visitor_id begin
        update visitors set session_count = session_count - 1 where account_id = old.account_id and id = old.visitor_id;
        update visitors set session_count = session_count + 1 where account_id = new.account_id and id = new.visitor_id;
      end`,
];

const POSTGRES_TRIGGERS = [
  sql`create function visitor_session_count_apply() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update visitors set session_count = session_count - 1 where account_id = old.account_id and id = old.visitor_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update visitors set session_count = session_count + 1 where account_id = new.account_id and id = new.visitor_id;
        end if;
        return null;
      end $$`,
  sql`create trigger visitor_sessions_count_insert after insert or delete on sessions
      for each row execute function visitor_session_count_apply()`,
  sql`create trigger visitor_sessions_count_update after update of visitor_id on sessions
      for each row when (old.visitor_id <> new.visitor_id) execute function visitor_session_count_apply()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('visitors')
    .addColumn('session_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // sessions_visitor_idx (account_id, visitor_id) makes each count an index range.
  await sql`update visitors set session_count = (
              select count(*) from sessions
              where sessions.account_id = visitors.account_id and sessions.visitor_id = visitors.id)`.execute(db);
  for (const statement of isPostgres(db) ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger visitor_sessions_count_insert on sessions`.execute(db);
    await sql`drop trigger visitor_sessions_count_update on sessions`.execute(db);
    await sql`drop function visitor_session_count_apply()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger visitor_sessions_count_${name}`).execute(db);
  }
  await db.schema.alterTable('visitors').dropColumn('session_count').execute();
}
