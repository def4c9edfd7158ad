import { DateTime } from 'luxon';
import type { Session } from '../../../../api/client/types.gen.ts';
import { buildCsv, type CsvValue } from './csv.ts';

const COLUMNS: [header: string, value: (session: Session, timeZone: string) => CsvValue][] = [
  ['session_id', (s) => s.id],
  [
    'start_time',
    (s, tz) => DateTime.fromSeconds(s.creation_timestamp, { zone: tz }).toISO({ suppressMilliseconds: true }),
  ],
  ['start_unix', (s) => s.creation_timestamp],
  ['duration_seconds', (s) => s.duration],
  ['active_time_seconds', (s) => s.active_time],
  ['visitor_id', (s) => s.visitor.id],
  ['visitor_name', (s) => s.visitor.name],
  ['visitor_email', (s) => s.visitor.email],
  ['visitor_first_session', (s) => s.visitor_first_session],
  ['country_code', (s) => s.visitor.geolocation.country_code],
  ['region', (s) => s.visitor.geolocation.region],
  ['city', (s) => s.visitor.geolocation.city],
  ['ip', (s) => s.visitor.ip],
  ['device', (s) => s.device],
  ['os', (s) => s.os.name],
  ['os_version', (s) => s.os.version],
  ['browser', (s) => s.browser.name],
  ['browser_version', (s) => s.browser.version],
  ['resolution', (s) => s.resolution.resolution],
  ['pages', (s) => s.page_views_statistics.count],
  ['clicks', (s) => s.events_statistics.clicks],
  ['rage_clicks', (s) => s.events_statistics.rage_clicks],
  ['error_clicks', (s) => s.events_statistics.error_clicks],
  ['error_logs', (s) => s.events_statistics.error_logs],
  ['net_errors', (s) => s.events_statistics.net_errors],
  ['engagement_score', (s) => s.engagment_score],
  ['referrer', (s) => s.referrer],
  ['utm_source', (s) => s.utm.source],
  ['utm_medium', (s) => s.utm.medium],
  ['utm_campaign', (s) => s.utm.campaign],
  ['utm_term', (s) => s.utm.term],
  ['utm_content', (s) => s.utm.content],
  ['tags', (s) => s.tags.join(';')],
  ['seen', (s) => s.seen],
  ['start_url', (s) => s.start_url],
  ['end_url', (s) => s.end_url],
  ['website_id', (s) => s.website_id],
  ['session_url', (s) => s.session_url],
];

/** The sessions as CSV, one row each, start times as ISO 8601 in `timeZone`. */
export function sessionsToCsv(sessions: readonly Session[], timeZone: string): string {
  return buildCsv(
    COLUMNS.map(([header]) => header),
    sessions.map((session) => COLUMNS.map(([, value]) => value(session, timeZone))),
  );
}
