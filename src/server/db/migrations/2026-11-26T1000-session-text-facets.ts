import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// Four more facets in session_hourly_facets, so `start_url`, `referrer`, `tag` and `visitor_param` alone
// count their exact total from the rollup:
// - start_url and referrer: the lower-cased text. A contains-filter sums the rows of every value that
//   contains its text; each session has exactly one value, so the sum is exact.
// - tag: each distinct lower-cased tag (a string element of the JSON array) of the session.
// - visitor_param: each distinct `name` U+0001 `value` pair of string parameters of the session's
//   visitor. A trigger on visitors moves the visitor's sessions when its parameters change.
// Kept by triggers of their own beside those of migration 2026-11-25T1000, with the same advisory lock on
// PostgreSQL and the same bulk-load guard. The expressions are written out here, not imported, so this
// migration stays what it was when it ran; `{row}` stands for the row (`new`, `old` or a table alias).

const SQLITE_FACETS = (row: string) => `
  select 'start_url' as facet, lower(${row}.start_url) as value
  union all select 'referrer', lower(${row}.referrer)
  union all select distinct 'tag', lower(t.value)
    from json_each(case when json_valid(${row}.tags) then ${row}.tags else '[]' end) as t where t.type = 'text'
  union all select distinct 'visitor_param',
      json_extract(v.params, p.fullkey || '.name') || char(1) || json_extract(v.params, p.fullkey || '.value')
    from visitors as v, json_each(case when json_valid(v.params) then v.params else '[]' end) as p
    where v.account_id = ${row}.account_id and v.id = ${row}.visitor_id and p.type = 'object'
      and json_type(v.params, p.fullkey || '.name') = 'text' and json_type(v.params, p.fullkey || '.value') = 'text'`;

const POSTGRES_TAGS = (tags: string) =>
  `jsonb_array_elements(case when jsonb_typeof(${tags}::jsonb) = 'array' then ${tags}::jsonb else '[]'::jsonb end)`;

/** A visitor's distinct string parameters as `name` U+0001 `value`, from `params` (text holding JSON). */
const POSTGRES_PARAMS = (params: string) => `
  select distinct (p.value ->> 'name') || chr(1) || (p.value ->> 'value') as value
  from ${POSTGRES_TAGS(params)} as p
  where jsonb_typeof(p.value -> 'name') = 'string' and jsonb_typeof(p.value -> 'value') = 'string'`;

const POSTGRES_FACETS = (row: string) => `
  select 'start_url' as facet, lower(${row}.start_url) as value
  union all select 'referrer', lower(${row}.referrer)
  union all select distinct 'tag', lower(t.value #>> '{}')
    from ${POSTGRES_TAGS(`${row}.tags`)} as t where jsonb_typeof(t.value) = 'string'
  union all select 'visitor_param', pv.value
    from visitors as v, lateral (${POSTGRES_PARAMS('v.params')}) as pv
    where v.account_id = ${row}.account_id and v.id = ${row}.visitor_id`;

const SQLITE_PARAMS = (visitor: string) => `
  select distinct json_extract(${visitor}.params, p.fullkey || '.name') || char(1)
      || json_extract(${visitor}.params, p.fullkey || '.value') as value
  from json_each(case when json_valid(${visitor}.params) then ${visitor}.params else '[]' end) as p
  where p.type = 'object' and json_type(${visitor}.params, p.fullkey || '.name') = 'text'
    and json_type(${visitor}.params, p.fullkey || '.value') = 'text'`;

const hour = (row: string) => `(${row}.creation_timestamp / 3600) * 3600`;

function addRow(facets: string): string {
  return `insert into session_hourly_facets (account_id, facet, value, hour, website_id, sessions)
          select new.account_id, f.facet, f.value, ${hour('new')}, new.website_id, 1
          from (${facets}) as f where f.value is not null and f.value <> ''
          on conflict (account_id, facet, value, hour, website_id)
          do update set sessions = session_hourly_facets.sessions + 1;`;
}

function removeRow(facets: string): string {
  return `update session_hourly_facets set sessions = sessions - 1
          where account_id = old.account_id and hour = ${hour('old')} and website_id = old.website_id
            and (facet, value) in (select f.facet, f.value from (${facets}) as f where f.value is not null);`;
}

const COLUMNS = ['visitor_id', 'website_id', 'creation_timestamp', 'start_url', 'referrer', 'tags'];

function changed(distinct: string): string {
  return COLUMNS.map((column) => `old.${column} ${distinct} new.${column}`).join(' or ');
}

/** Moves the visitor's sessions from its old parameters to its new ones; `params(row)` lists a row's. */
function moveVisitorSessions(params: (row: string) => string): string {
  return `insert into session_hourly_facets (account_id, facet, value, hour, website_id, sessions)
   select s.account_id, 'visitor_param', pv.value, ${hour('s')}, s.website_id, sum(pv.sign)
   from sessions as s,
        (select value, -1 as sign from (${params('old')}) as o union all select value, 1 from (${params('new')}) as n) as pv
   where s.account_id = new.account_id and s.visitor_id = new.id
   group by s.account_id, pv.value, ${hour('s')}, s.website_id
   on conflict (account_id, facet, value, hour, website_id)
   do update set sessions = session_hourly_facets.sessions + excluded.sessions;`;
}

const SQLITE_TRIGGERS = [
  `create trigger visitors_param_facet after update of params on visitors
   when old.params is not new.params begin ${moveVisitorSessions(SQLITE_PARAMS)} end`,
  `create trigger sessions_text_facets_insert after insert on sessions begin ${addRow(SQLITE_FACETS('new'))} end`,
  `create trigger sessions_text_facets_delete after delete on sessions begin ${removeRow(SQLITE_FACETS('old'))} end`,
  `create trigger sessions_text_facets_update after update of ${COLUMNS.join(', ')} on sessions
   when ${changed('is not')} begin ${removeRow(SQLITE_FACETS('old'))} ${addRow(SQLITE_FACETS('new'))} end`,
];

// As in migration 2026-11-25T1000: the bulk load adds its own counts, and every rollup write of an
// account on PostgreSQL first takes the account's advisory lock.
const BULK_LOAD_GUARD = `if coalesce(current_setting('session_analytics.bulk_load', true), '') = 'on' then
       return null;
     end if;`;
const ROLLUP_LOCK = (account: string) => `perform pg_advisory_xact_lock(7242, hashtext(${account}));`;

const POSTGRES_TRIGGERS = [
  `create function visitors_param_facet_apply() returns trigger language plpgsql as $fn$
   begin
     ${BULK_LOAD_GUARD}
     ${ROLLUP_LOCK('new.account_id')}
     ${moveVisitorSessions((row) => POSTGRES_PARAMS(`${row}.params`))}
     return null;
   end $fn$`,
  `create trigger visitors_param_facet after update of params on visitors
   for each row when (old.params is distinct from new.params) execute function visitors_param_facet_apply()`,
  `create function session_text_facets_apply() returns trigger language plpgsql as $fn$
   begin
     ${BULK_LOAD_GUARD}
     ${ROLLUP_LOCK("case when tg_op = 'DELETE' then old.account_id else new.account_id end")}
     if tg_op in ('DELETE', 'UPDATE') then ${removeRow(POSTGRES_FACETS('old'))} end if;
     if tg_op in ('INSERT', 'UPDATE') then ${addRow(POSTGRES_FACETS('new'))} end if;
     return null;
   end $fn$`,
  `create trigger sessions_text_facets_insert after insert or delete on sessions
   for each row execute function session_text_facets_apply()`,
  `create trigger sessions_text_facets_update after update of ${COLUMNS.join(', ')} on sessions
   for each row when (${changed('is distinct from')}) execute function session_text_facets_apply()`,
];

/** Each facet's rows of all sessions; a session counts once per distinct tag or parameter. */
function backfill(postgres: boolean): string[] {
  const insert = 'insert into session_hourly_facets (account_id, facet, value, hour, website_id, sessions)';
  const group = `group by s.account_id, 3, ${hour('s')}, s.website_id`;
  const text = (facet: string, column: string) =>
    `${insert} select s.account_id, '${facet}', lower(s.${column}), ${hour('s')}, s.website_id, count(*)
     from sessions as s where s.${column} <> '' ${group}`;
  const tags = postgres
    ? `from sessions as s, ${POSTGRES_TAGS('s.tags')} as t where jsonb_typeof(t.value) = 'string'
         and lower(t.value #>> '{}') <> ''`
    : `from sessions as s, json_each(case when json_valid(s.tags) then s.tags else '[]' end) as t
       where t.type = 'text' and t.value <> ''`;
  const tagValue = postgres ? "lower(t.value #>> '{}')" : 'lower(t.value)';
  const params = postgres
    ? `lateral (${POSTGRES_PARAMS('v.params')}) as pv`
    : "json_each(case when json_valid(v.params) then v.params else '[]' end) as p";
  const paramValue = postgres
    ? 'pv.value'
    : "json_extract(v.params, p.fullkey || '.name') || char(1) || json_extract(v.params, p.fullkey || '.value')";
  const paramCheck = postgres
    ? 'true'
    : `p.type = 'object' and json_type(v.params, p.fullkey || '.name') = 'text'
       and json_type(v.params, p.fullkey || '.value') = 'text'`;
  return [
    text('start_url', 'start_url'),
    text('referrer', 'referrer'),
    `${insert} select s.account_id, 'tag', ${tagValue}, ${hour('s')}, s.website_id, count(distinct s.id) ${tags} ${group}`,
    `${insert} select s.account_id, 'visitor_param', ${paramValue}, ${hour('s')}, s.website_id, count(distinct s.id)
     from sessions as s join visitors as v on v.account_id = s.account_id and v.id = s.visitor_id, ${params}
     where ${paramCheck} ${group}`,
  ];
}

// PostgreSQL keeps no statistics of an expression without an index on it, and guesses that a LIKE on
// lower(start_url) keeps a few dozen rows; it then reads a whole date range in parallel and sorts it
// (480 ms at 1,000,000 sessions) instead of walking the time index until a page is full (4 ms).
const STATISTICS = ['start_url', 'referrer'].map((column) => `sessions_${column}_lower_stats`);

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const statement of backfill(postgres)) await sql.raw(statement).execute(db);
  if (postgres) {
    for (const [index, column] of ['start_url', 'referrer'].entries()) {
      await sql.raw(`create statistics ${STATISTICS[index]} on lower(${column}) from sessions`).execute(db);
    }
    await sql`analyze sessions`.execute(db);
  }
  for (const statement of postgres ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const name of STATISTICS) await sql.raw(`drop statistics ${name}`).execute(db);
    await sql`drop trigger visitors_param_facet on visitors`.execute(db);
    await sql`drop function visitors_param_facet_apply()`.execute(db);
    await sql`drop trigger sessions_text_facets_insert on sessions`.execute(db);
    await sql`drop trigger sessions_text_facets_update on sessions`.execute(db);
    await sql`drop function session_text_facets_apply()`.execute(db);
  } else {
    for (const name of [
      'visitors_param_facet',
      'sessions_text_facets_insert',
      'sessions_text_facets_delete',
      'sessions_text_facets_update',
    ]) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await sql`delete from session_hourly_facets where facet in ('start_url', 'referrer', 'tag', 'visitor_param')`.execute(
    db,
  );
}
