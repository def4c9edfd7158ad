import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from '../database.ts';

// Sessions per account, facet value, hour and website, kept exact by triggers as session_hourly_counts
// is, so a list narrowed by one property (device, browser, OS, country, a UTM value), one yes/no signal
// (has errors, rage clicks, error clicks, seen) or one duration or engagement range counts its `total`
// from a few hundred rollup rows instead of every matching session. A yes/no signal keeps only its "yes"
// sessions; "no" is the hour's total minus them. Whether a session's visitor is identified (has an
// e-mail or a name) is read from the visitor, and a trigger on visitors moves the visitor's sessions
// when that changes. Durations and engagement scores are kept in buckets
// named by their lower edge; each round duration R has a one-second bucket [R, R + 1) of its own, so
// both `duration_min=R` and `duration_max=R` fall on an edge. Empty values are not kept: no filter asks
// for them.
//
// The facets and their expressions are written out here, not imported, so this migration stays what it
// was when it ran. `$` stands for the row: `new`, `old` or the table itself.
/** The lower edge of the bucket holding the value; values below the first edge have none. */
function buckets(value: string, edges: number[]): string {
  const cases = [...edges].reverse().map((edge) => `when ${value} >= ${edge} then '${edge}'`);
  return `case ${cases.join(' ')} end`;
}

/** The visitor of session `$` has an e-mail or a name. */
const IDENTIFIED = (visitor: string) => `(coalesce(${visitor}.email, '') <> '' or coalesce(${visitor}.name, '') <> '')`;

const FACETS: [name: string, expression: string][] = [
  [
    'identified',
    `(select '1' from visitors v where v.account_id = $.account_id and v.id = $.visitor_id and ${IDENTIFIED('v')})`,
  ],
  ['device', '$.device'],
  ['browser', '$.browser_name'],
  ['os', '$.os_name'],
  ['country', '$.country_code'],
  ['utm_source', '$.utm_source'],
  ['utm_medium', '$.utm_medium'],
  ['utm_campaign', '$.utm_campaign'],
  ['has_errors', "case when $.error_logs > 0 then '1' end"],
  ['has_rage_clicks', "case when $.rage_clicks > 0 then '1' end"],
  ['has_error_clicks', "case when $.error_clicks > 0 then '1' end"],
  ['seen', "case when $.seen <> 0 then '1' end"],
  [
    'duration',
    buckets(
      '$.duration',
      [
        0, 1, 5, 6, 10, 11, 20, 21, 30, 31, 45, 46, 60, 61, 120, 121, 180, 181, 300, 301, 600, 601, 900, 901, 1200,
        1201, 1800, 1801, 2700, 2701, 3600, 3601, 7200, 7201,
      ],
    ),
  ],
  [
    'engagement',
    buckets('$.engagement_score', [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100]),
  ],
];

const COLUMNS = [
  'visitor_id',
  'website_id',
  'creation_timestamp',
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
  'seen',
  'duration',
  'engagement_score',
];

const of = (row: string, expression: string) => expression.replaceAll('$', row);

/** The row's facets as (facet, value) rows. */
function facetRows(row: string): string {
  return FACETS.map(([name, expression]) => `select '${name}' as facet, ${of(row, expression)} as value`).join(
    ' union all ',
  );
}

const hour = (row: string) => `(${row}.creation_timestamp / 3600) * 3600`;

function addRow(row: 'new'): string {
  return `insert into session_hourly_facets (account_id, facet, value, hour, website_id, sessions)
          select ${row}.account_id, f.facet, f.value, ${hour(row)}, ${row}.website_id, 1
          from (${facetRows(row)}) as f where f.value is not null and f.value <> ''
          on conflict (account_id, facet, value, hour, website_id)
          do update set sessions = session_hourly_facets.sessions + 1;`;
}

function removeRow(row: 'old'): string {
  return `update session_hourly_facets set sessions = sessions - 1
          where account_id = ${row}.account_id and hour = ${hour(row)} and website_id = ${row}.website_id
            and (facet, value) in (select f.facet, f.value from (${facetRows(row)}) as f where f.value is not null);`;
}

/**
 * True when an update moves the session to another facet value, hour, website or visitor. (PostgreSQL
 * allows no subquery here: a new visitor stands for a change of the identified facet.)
 */
function changed(distinct: string): string {
  const compared = [
    `old.visitor_id ${distinct} new.visitor_id`,
    `old.website_id ${distinct} new.website_id`,
    `old.creation_timestamp / 3600 ${distinct} new.creation_timestamp / 3600`,
    ...FACETS.filter(([name]) => name !== 'identified').map(
      ([, expression]) => `(${of('old', expression)}) ${distinct} (${of('new', expression)})`,
    ),
  ];
  return compared.join(' or ');
}

/** Moves a visitor's sessions into or out of the identified facet when its e-mail or name makes it so. */
const moveVisitorSessions = `insert into session_hourly_facets (account_id, facet, value, hour, website_id, sessions)
   select account_id, 'identified', '1', ${hour('sessions')}, website_id,
          case when ${IDENTIFIED('new')} then count(*) else -count(*) end
   from sessions where account_id = new.account_id and visitor_id = new.id
   group by account_id, ${hour('sessions')}, website_id
   on conflict (account_id, facet, value, hour, website_id)
   do update set sessions = session_hourly_facets.sessions + excluded.sessions;`;

const identifiedChanged = (distinct: string) => `${IDENTIFIED('old')} ${distinct} ${IDENTIFIED('new')}`;

const SQLITE_TRIGGERS = [
  `create trigger visitors_identified_facet after update of email, name on visitors
   when ${identifiedChanged('is not')} begin ${moveVisitorSessions} end`,
  `create trigger sessions_facets_insert after insert on sessions begin ${addRow('new')} end`,
  `create trigger sessions_facets_delete after delete on sessions begin ${removeRow('old')} end`,
  `create trigger sessions_facets_update after update of ${COLUMNS.join(', ')} on sessions
   when ${changed('is not')} begin ${removeRow('old')} ${addRow('new')} end`,
];

// A bulk load (the seeder) adds its batch's facets itself, as it does for session_hourly_counts.
// On PostgreSQL every rollup row of an account's current hour is written by every transaction that
// records a session there, and one transaction writes several rollup rows in several statements (the
// hourly total, the facets, a visitor's identification), so two transactions could each hold a row the
// other needs. Every rollup trigger therefore first takes one transaction-scoped advisory lock per
// account: rollup writes of one account queue behind each other instead of deadlocking. (Rows of one
// website's current hour were already written one transaction at a time.)
const ROLLUP_LOCK = (account: string) => `perform pg_advisory_xact_lock(${ROLLUP_LOCK_SPACE}, hashtext(${account}));`;
const ROLLUP_LOCK_SPACE = 7242;
const BULK_LOAD_GUARD = `if coalesce(current_setting('session_analytics.bulk_load', true), '') = 'on' then
       return null;
     end if;`;

/** The hourly totals' trigger (migration 2026-11-23T1010), taking the rollup lock first. */
function hourlyCountsBody(locked: boolean): string {
  return `
      begin
        ${BULK_LOAD_GUARD}
        ${locked ? ROLLUP_LOCK("case when tg_op = 'DELETE' then old.account_id else new.account_id end") : ''}
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
}

const POSTGRES_TRIGGERS = [
  `create or replace function session_hourly_counts_apply() returns trigger language plpgsql as $fn$${hourlyCountsBody(true)}$fn$`,
  `create function visitors_identified_facet_apply() returns trigger language plpgsql as $fn$
   begin
     ${BULK_LOAD_GUARD}
     ${ROLLUP_LOCK('new.account_id')}
     ${moveVisitorSessions}
     return null;
   end $fn$`,
  `create trigger visitors_identified_facet after update of email, name on visitors
   for each row when (${identifiedChanged('is distinct from')}) execute function visitors_identified_facet_apply()`,
  `create function session_hourly_facets_apply() returns trigger language plpgsql as $fn$
   begin
     ${BULK_LOAD_GUARD}
     ${ROLLUP_LOCK("case when tg_op = 'DELETE' then old.account_id else new.account_id end")}
     if tg_op in ('DELETE', 'UPDATE') then ${removeRow('old')} end if;
     if tg_op in ('INSERT', 'UPDATE') then ${addRow('new')} end if;
     return null;
   end $fn$`,
  `create trigger sessions_facets_insert after insert or delete on sessions
   for each row execute function session_hourly_facets_apply()`,
  `create trigger sessions_facets_update after update of ${COLUMNS.join(', ')} on sessions
   for each row when (${changed('is distinct from')}) execute function session_hourly_facets_apply()`,
];

function backfill(): RawBuilder<unknown> {
  const identified = `select s.account_id, 'identified', '1', ${hour('s')}, s.website_id, count(*)
    from sessions s join visitors v on v.account_id = s.account_id and v.id = s.visitor_id
    where ${IDENTIFIED('v')} group by s.account_id, ${hour('s')}, s.website_id`;
  const selects = FACETS.filter(([name]) => name !== 'identified').map(
    ([name, expression]) =>
      `select account_id, '${name}', ${of('sessions', expression)}, ${hour('sessions')}, website_id, count(*)
       from sessions where (${of('sessions', expression)}) is not null and (${of('sessions', expression)}) <> ''
       group by account_id, ${of('sessions', expression)}, ${hour('sessions')}, website_id`,
  );
  return sql.raw(`insert into session_hourly_facets (account_id, facet, value, hour, website_id, sessions)
                  ${[identified, ...selects].join(' union all ')}`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_hourly_facets')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('facet', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('hour', 'bigint', (col) => col.notNull())
    .addColumn('website_id', 'text', (col) => col.notNull())
    .addColumn('sessions', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('session_hourly_facets_pk', ['account_id', 'facet', 'value', 'hour', 'website_id'])
    .execute();
  await backfill().execute(db);
  const postgres = isPostgres(db);
  if (postgres) {
    // As for session_hourly_counts: free room in each page keeps the frequent updates in place.
    await sql`alter table session_hourly_facets set (fillfactor = 50, autovacuum_vacuum_scale_factor = 0.01)`.execute(
      db,
    );
  }
  for (const statement of postgres ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create or replace function session_hourly_counts_apply() returns trigger language plpgsql as $fn$${hourlyCountsBody(false)}$fn$`,
      )
      .execute(db);
    await sql`drop trigger visitors_identified_facet on visitors`.execute(db);
    await sql`drop function visitors_identified_facet_apply()`.execute(db);
    await sql`drop trigger sessions_facets_insert on sessions`.execute(db);
    await sql`drop trigger sessions_facets_update on sessions`.execute(db);
    await sql`drop function session_hourly_facets_apply()`.execute(db);
  } else {
    const triggers = [
      'visitors_identified_facet',
      'sessions_facets_insert',
      'sessions_facets_delete',
      'sessions_facets_update',
    ];
    for (const name of triggers) await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await db.schema.dropTable('session_hourly_facets').execute();
}
