import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// The distinct lower-cased URLs of each session: its start URL, its end URL and the URL of each of its
// page views (events of kind 3), with how many of those name each URL (`refs`) so that a changed start
// URL or a deleted event takes its URL away only when nothing else names it. The `url` filter reads it:
// its matching sessions in a date range are one index range per matching URL, and its distinct
// session ids count its exact total without touching the sessions or their events. Kept by triggers on
// sessions and session_events; a bulk load writes its sessions' rows itself. The expressions are written
// out here, not imported, so this migration stays what it was when it ran.
//
// session_text_values lists each account's distinct URLs (facet `url`), start URLs and referrers (the
// facets of session_hourly_facets): a contains-filter finds the values it matches by scanning a few
// thousand short rows instead of seeking each distinct value in the big tables. Values are added by
// triggers on the two tables, bulk loads included, and never removed: a value no session holds any
// more counts zero. On PostgreSQL two transactions adding the same new values in another order would
// wait for each other, so these triggers take the account's rollup lock (migration 2026-11-25T1000)
// before adding a value not yet listed, and a bulk load adds its batch's values itself, sorted, before
// its rows.

const PAGE_VIEW = 3;

/** The URL of page-view event `row`, lower-cased, as the `url` filter has always read it. */
const pageUrl = (postgres: boolean, row: string) =>
  postgres
    ? `lower(${row}.data::json ->> 'url')`
    : `lower(case when json_valid(${row}.data) then json_extract(${row}.data, '$.url') end)`;

const INSERT = 'insert into session_pages (account_id, session_id, url, creation_timestamp, website_id, refs)';
const ADD_REFS = 'on conflict (account_id, session_id, url) do update set refs = session_pages.refs + excluded.refs';

/** Adds the URLs of session `new`: start, end, and those of page views already stored. */
const addSession = (postgres: boolean) => `${INSERT}
  select new.account_id, new.id, u.url, new.creation_timestamp, new.website_id, count(*)
  from (select lower(new.start_url) as url union all select lower(new.end_url)
        union all select ${pageUrl(postgres, 'e')} from session_events as e
        where e.account_id = new.account_id and e.session_id = new.id and e.kind = ${PAGE_VIEW}) as u
  where u.url is not null and u.url <> '' group by u.url ${ADD_REFS};`;

/** Takes back what the old start and end URLs of an updated session added. */
const removeStartAndEnd = `update session_pages
  set refs = refs - (case when url = lower(old.start_url) then 1 else 0 end)
                  - (case when url = lower(old.end_url) then 1 else 0 end)
  where account_id = old.account_id and session_id = old.id and url in (lower(old.start_url), lower(old.end_url))
    and (old.start_url <> new.start_url or old.end_url <> new.end_url);`;

const addStartAndEnd = `${INSERT}
  select new.account_id, new.id, u.url, new.creation_timestamp, new.website_id, count(*)
  from (select lower(new.start_url) as url union all select lower(new.end_url)) as u
  where u.url <> '' and (old.start_url <> new.start_url or old.end_url <> new.end_url) group by u.url ${ADD_REFS};`;

const followSession = `update session_pages set creation_timestamp = new.creation_timestamp, website_id = new.website_id
  where account_id = new.account_id and session_id = new.id
    and (creation_timestamp <> new.creation_timestamp or website_id <> new.website_id);`;

const dropUnnamed = (row: string, session: string) =>
  `delete from session_pages where account_id = ${row}.account_id and session_id = ${row}.${session} and refs <= 0;`;

const removeSession = 'delete from session_pages where account_id = old.account_id and session_id = old.id;';

/** Adds the URL of page-view event `new`, if its session is stored. */
const addEvent = (postgres: boolean) => `${INSERT}
  select s.account_id, s.id, u.url, s.creation_timestamp, s.website_id, 1
  from (select ${pageUrl(postgres, 'new')} as url) as u, sessions as s
  where u.url <> '' and s.account_id = new.account_id and s.id = new.session_id and new.kind = ${PAGE_VIEW}
  ${ADD_REFS};`;

const removeEvent = (postgres: boolean) => `update session_pages set refs = refs - 1
  where account_id = old.account_id and session_id = old.session_id and old.kind = ${PAGE_VIEW}
    and url = ${pageUrl(postgres, 'old')};
  ${dropUnnamed('old', 'session_id')}`;

const SESSION_COLUMNS = 'start_url, end_url, creation_timestamp, website_id';
const sessionChanged = (distinct: string) =>
  SESSION_COLUMNS.split(', ')
    .map((column) => `old.${column} ${distinct} new.${column}`)
    .join(' or ');

const SQLITE_TRIGGERS = [
  `create trigger sessions_pages_insert after insert on sessions begin ${addSession(false)} end`,
  `create trigger sessions_pages_delete after delete on sessions begin ${removeSession} end`,
  `create trigger sessions_pages_update after update of ${SESSION_COLUMNS} on sessions when ${sessionChanged('is not')}
   begin ${removeStartAndEnd} ${addStartAndEnd} ${followSession} ${dropUnnamed('new', 'id')} end`,
  `create trigger session_events_pages_insert after insert on session_events when new.kind = ${PAGE_VIEW}
   begin ${addEvent(false)} end`,
  `create trigger session_events_pages_delete after delete on session_events when old.kind = ${PAGE_VIEW}
   begin ${removeEvent(false)} end`,
  `create trigger session_events_pages_update after update of kind, data, session_id on session_events
   when old.kind = ${PAGE_VIEW} or new.kind = ${PAGE_VIEW} begin ${removeEvent(false)} ${addEvent(false)} end`,
];

const ROLLUP_LOCK = 'perform pg_advisory_xact_lock(7242, hashtext(new.account_id));';
const BULK_LOAD_GUARD = `if coalesce(current_setting('session_analytics.bulk_load', true), '') = 'on' then
       return null;
     end if;`;

const POSTGRES_TRIGGERS = [
  `create function session_pages_apply() returns trigger language plpgsql as $fn$
   begin
     ${BULK_LOAD_GUARD}
     if tg_op = 'INSERT' then ${addSession(true)}
     elsif tg_op = 'DELETE' then ${removeSession}
     else ${removeStartAndEnd} ${addStartAndEnd} ${followSession} ${dropUnnamed('new', 'id')}
     end if;
     return null;
   end $fn$`,
  `create trigger sessions_pages_insert after insert or delete on sessions
   for each row execute function session_pages_apply()`,
  `create trigger sessions_pages_update after update of ${SESSION_COLUMNS} on sessions
   for each row when (${sessionChanged('is distinct from')}) execute function session_pages_apply()`,
  `create function session_event_pages_apply() returns trigger language plpgsql as $fn$
   begin
     if tg_op in ('DELETE', 'UPDATE') then ${removeEvent(true)} end if;
     if tg_op in ('INSERT', 'UPDATE') then ${addEvent(true)} end if;
     return null;
   end $fn$`,
  `create trigger session_events_pages after insert or delete on session_events
   for each row execute function session_event_pages_apply()`,
  `create trigger session_events_pages_update after update of kind, data, session_id on session_events
   for each row when (old.kind = ${PAGE_VIEW} or new.kind = ${PAGE_VIEW}) execute function session_event_pages_apply()`,
];

function backfill(postgres: boolean): string {
  return `${INSERT}
    select account_id, session_id, url, creation_timestamp, website_id, count(*) from (
      select account_id, id as session_id, lower(start_url) as url, creation_timestamp, website_id from sessions
      union all select account_id, id, lower(end_url), creation_timestamp, website_id from sessions
      union all select s.account_id, s.id, ${pageUrl(postgres, 'e')}, s.creation_timestamp, s.website_id
        from session_events as e join sessions as s on s.account_id = e.account_id and s.id = e.session_id
        where e.kind = ${PAGE_VIEW}
    ) as u
    where url is not null and url <> ''
    group by account_id, session_id, url, creation_timestamp, website_id`;
}

const VALUE_TRIGGERS = (postgres: boolean) => {
  const addPage = `insert into session_text_values (account_id, facet, value) values (new.account_id, 'url', new.url)
    on conflict (account_id, facet, value) do nothing;`;
  const addFacet = `insert into session_text_values (account_id, facet, value)
    select new.account_id, new.facet, new.value where new.facet in ('start_url', 'referrer')
    on conflict (account_id, facet, value) do nothing;`;
  if (!postgres) {
    return [
      `create trigger session_pages_value after insert on session_pages begin ${addPage} end`,
      `create trigger session_facets_text_value after insert on session_hourly_facets
       when new.facet in ('start_url', 'referrer') begin ${addFacet} end`,
    ];
  }
  return [
    // Nearly every value is already listed: only a new one takes the lock.
    `create function session_text_value_apply() returns trigger language plpgsql as $fn$
     declare
       listed_facet text;
       listed_value text;
     begin
       ${BULK_LOAD_GUARD}
       if tg_table_name = 'session_pages' then
         listed_facet := 'url';
         listed_value := new.url;
       else
         listed_facet := new.facet;
         listed_value := new.value;
       end if;
       if not exists (select 1 from session_text_values
                      where account_id = new.account_id and facet = listed_facet and value = listed_value) then
         ${ROLLUP_LOCK}
         insert into session_text_values (account_id, facet, value) values (new.account_id, listed_facet, listed_value)
         on conflict (account_id, facet, value) do nothing;
       end if;
       return null;
     end $fn$`,
    `create trigger session_pages_value after insert on session_pages
     for each row execute function session_text_value_apply()`,
    `create trigger session_facets_text_value after insert on session_hourly_facets
     for each row when (new.facet in ('start_url', 'referrer')) execute function session_text_value_apply()`,
  ];
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('session_text_values')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('facet', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('session_text_values_pk', ['account_id', 'facet', 'value'])
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  await sql`insert into session_text_values (account_id, facet, value)
    select distinct account_id, facet, value from session_hourly_facets where facet in ('start_url', 'referrer')`.execute(
    db,
  );
  await db.schema
    .createTable('session_pages')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('creation_timestamp', 'bigint', (col) => col.notNull())
    .addColumn('website_id', 'text', (col) => col.notNull())
    .addColumn('refs', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('session_pages_pk', ['account_id', 'session_id', 'url'])
    // On SQLite the rows live in their primary key: one B-tree less to write per page view.
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  await sql.raw(backfill(postgres)).execute(db);
  // A URL's sessions in time order, covering what the count reads.
  await sql
    .raw(
      postgres
        ? 'create index session_pages_url_idx on session_pages (account_id, url, creation_timestamp) include (session_id, website_id)'
        : 'create index session_pages_url_idx on session_pages (account_id, url, creation_timestamp, session_id, website_id)',
    )
    .execute(db);
  await sql`insert into session_text_values (account_id, facet, value)
    select distinct account_id, 'url', url from session_pages`.execute(db);
  for (const statement of [...(postgres ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS), ...VALUE_TRIGGERS(postgres)]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger sessions_pages_insert on sessions`.execute(db);
    await sql`drop trigger sessions_pages_update on sessions`.execute(db);
    await sql`drop trigger session_events_pages on session_events`.execute(db);
    await sql`drop trigger session_events_pages_update on session_events`.execute(db);
    await sql`drop function session_pages_apply()`.execute(db);
    await sql`drop function session_event_pages_apply()`.execute(db);
    await sql`drop trigger session_facets_text_value on session_hourly_facets`.execute(db);
    await sql`drop trigger session_pages_value on session_pages`.execute(db);
    await sql`drop function session_text_value_apply()`.execute(db);
  } else {
    await sql`drop trigger session_facets_text_value`.execute(db);
    for (const name of [
      'sessions_pages_insert',
      'sessions_pages_delete',
      'sessions_pages_update',
      'session_events_pages_insert',
      'session_events_pages_delete',
      'session_events_pages_update',
    ]) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('session_pages').execute();
  await db.schema.dropTable('session_text_values').execute();
}
