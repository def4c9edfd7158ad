import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.ts';

/**
 * PostgreSQL keeps the Session resource's JSON text that depends only on the session's own columns, in
 * three generated columns: the text before its recording, its visitor's session fields, and the text
 * after its visitor (session-resource-json.ts). A page of sessions then joins them with the few values
 * read elsewhere instead of writing some forty values anew for every row it returns.
 *
 * A generated column may only call immutable functions. `to_json` is stable because of types whose text
 * depends on settings (dates and times); for text, integers and reals it writes the same JSON for the
 * same value, so each run's expression is wrapped in a function declared immutable. The texts are frozen
 * here as they were written; a test checks that they still equal what the live expression writes.
 *
 * Adding the columns rewrites the table and rebuilds its indexes once, holding its lock meanwhile (at
 * 10,000,000 sessions, minutes), and the table is vacuumed afterwards (`rewrites`). SQLite writes the
 * whole resource as it reads a row, as before.
 */
const RUNS = [
  {
    column: 'resource_head',
    parameters:
      'creation_timestamp bigint, duration integer, end_timestamp bigint, active_time integer, end_url text, expiration_timestamp bigint, last_event_timestamp bigint, product text, device text, tags text, last_seen_page_view_id text, seen integer, referrer text, start_url text, visitor_first_session integer, engagement_score real',
    text: `'{"creation_timestamp":' || coalesce((creation_timestamp)::text, 'null') || ',"duration":' || coalesce((duration)::text, 'null') || ',"end_timestamp":' || coalesce((end_timestamp)::text, 'null') || ',"active_time":' || coalesce((active_time)::text, 'null') || ',"end_url":' || coalesce(to_json(end_url)::text, 'null') || ',"expiration_timestamp":' || coalesce((expiration_timestamp)::text, 'null') || ',"last_event_timestamp":' || coalesce((last_event_timestamp)::text, 'null') || ',"product":' || coalesce(to_json(product)::text, 'null') || ',"device":' || coalesce(to_json(device)::text, 'null') || ',"tags":' || (tags)::json::text || ',"last_seen_page_view_id":' || coalesce(to_json(last_seen_page_view_id)::text, 'null') || ',"seen":' || case when seen = 1 then 'true' else 'false' end || ',"referrer":' || coalesce(to_json(referrer)::text, 'null') || ',"start_url":' || coalesce(to_json(start_url)::text, 'null') || ',"visitor_first_session":' || case when visitor_first_session = 1 then 'true' else 'false' end || ',"engagment_score":' || coalesce(to_json(engagement_score)::text, 'null') || ',"has_recording":'`,
  },
  {
    column: 'resource_visitor',
    parameters: 'visitor_id text, ip text, country_code text, city text, region text',
    text: `',"visitor":{"id":' || coalesce(to_json(visitor_id)::text, 'null') || ',"ip":' || coalesce(to_json(ip)::text, 'null') || ',"geolocation":{"country_code":' || coalesce(to_json(country_code)::text, 'null') || ',"city":' || coalesce(to_json(city)::text, 'null') || ',"region":' || coalesce(to_json(region)::text, 'null') || '},"name":'`,
  },
  {
    column: 'resource_tail',
    parameters:
      'resolution_height integer, resolution_width integer, os_name text, os_version text, browser_description text, browser_name text, browser_version text, utm_source text, utm_medium text, utm_campaign text, utm_term text, utm_content text, page_views integer, clicks integer, error_clicks integer, rage_clicks integer, error_logs integer, net_errors integer',
    text: `'}},"resolution":{"height":' || coalesce((resolution_height)::text, 'null') || ',"width":' || coalesce((resolution_width)::text, 'null') || ',"resolution":' || coalesce(to_json(resolution_width || 'x' || resolution_height)::text, 'null') || '},"os":{"name":' || coalesce(to_json(os_name)::text, 'null') || ',"version":' || coalesce(to_json(os_version)::text, 'null') || '},"browser":{"description":' || coalesce(to_json(browser_description)::text, 'null') || ',"name":' || coalesce(to_json(browser_name)::text, 'null') || ',"version":' || coalesce(to_json(browser_version)::text, 'null') || '},"utm":{"source":' || coalesce(to_json(utm_source)::text, 'null') || ',"medium":' || coalesce(to_json(utm_medium)::text, 'null') || ',"campaign":' || coalesce(to_json(utm_campaign)::text, 'null') || ',"term":' || coalesce(to_json(utm_term)::text, 'null') || ',"content":' || coalesce(to_json(utm_content)::text, 'null') || '},"page_views_statistics":{"count":' || coalesce((page_views)::text, 'null') || '},"events_statistics":{"clicks":' || coalesce((clicks)::text, 'null') || ',"error_clicks":' || coalesce((error_clicks)::text, 'null') || ',"rage_clicks":' || coalesce((rage_clicks)::text, 'null') || ',"error_logs":' || coalesce((error_logs)::text, 'null') || ',"net_errors":' || coalesce((net_errors)::text, 'null') || '}}'`,
  },
] as const;

const functionName = (column: string) => `session_${column}`;

export const rewrites = ['sessions'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const run of RUNS) {
    await sql
      .raw(
        `create or replace function ${functionName(run.column)}(${run.parameters}) returns text
          language plpgsql immutable parallel safe as $body$ begin return ${run.text}; end $body$`,
      )
      .execute(db);
  }
  const columns = RUNS.map((run) => {
    const names = run.parameters.split(', ').map((parameter) => parameter.split(' ')[0]);
    return `add column if not exists ${run.column} text
      generated always as (${functionName(run.column)}(${names.join(', ')})) stored`;
  });
  await sql.raw(`alter table sessions ${columns.join(', ')}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql
    .raw(`alter table sessions ${RUNS.map((run) => `drop column if exists ${run.column}`).join(', ')}`)
    .execute(db);
  for (const run of RUNS) await sql.raw(`drop function if exists ${functionName(run.column)}`).execute(db);
}
