import { namedColumns } from '../../lib/name-key.ts';
import { emailColumns } from '../../lib/email-key.ts';
import type { SessionsTable, VisitorsTable } from '../sessions/sessions.table.ts';
import type { BatchSummary, Identity } from './batch-summary.ts';
import { utmFromUrl } from './batch-summary.ts';
import { engagementScore } from './engagement.ts';
import type { Geolocation } from './geolocation.ts';
import type { ParsedUserAgent } from './user-agent.ts';

const MAX_VISITOR_PARAMS = 100;

export interface SessionOrigin {
  accountId: string;
  websiteId: string;
  visitorId: string;
  sessionId: string;
  ip: string;
  geolocation: Geolocation;
  client: ParsedUserAgent;
  screen: { width: number; height: number } | undefined;
  visitorFirstSession: boolean;
  /** The account's retention period: expiration_timestamp is creation plus this. */
  retentionSeconds: number;
}

const seconds = (millis: number) => Math.floor(millis / 1000);

/** A session as its first batch opens it: where and on what it was recorded, no activity counted yet. */
export function newSessionRow(origin: SessionOrigin, summary: BatchSummary): SessionsTable {
  const creation = seconds(summary.firstAt);
  const startUrl = summary.firstPage?.url ?? '';
  const utm = utmFromUrl(startUrl);
  return {
    account_id: origin.accountId,
    id: origin.sessionId,
    website_id: origin.websiteId,
    visitor_id: origin.visitorId,
    creation_timestamp: creation,
    duration: 0,
    end_timestamp: creation,
    active_time: 0,
    start_url: startUrl,
    end_url: startUrl,
    expiration_timestamp: creation + origin.retentionSeconds,
    last_event_timestamp: creation,
    product: '',
    device: origin.client.device,
    tags: '[]',
    last_seen_page_view_id: '',
    seen: 0,
    referrer: summary.referrer ?? '',
    visitor_first_session: origin.visitorFirstSession ? 1 : 0,
    engagement_score: 0,
    ip: origin.ip,
    country_code: origin.geolocation.country_code,
    region: origin.geolocation.region,
    city: origin.geolocation.city,
    resolution_width: origin.screen?.width ?? 0,
    resolution_height: origin.screen?.height ?? 0,
    os_name: origin.client.os.name,
    os_version: origin.client.os.version,
    browser_description: origin.client.browser.description,
    browser_name: origin.client.browser.name,
    browser_version: origin.client.browser.version,
    utm_source: utm.source,
    utm_medium: utm.medium,
    utm_campaign: utm.campaign,
    utm_term: utm.term,
    utm_content: utm.content,
    page_views: 0,
    clicks: 0,
    error_clicks: 0,
    rage_clicks: 0,
    error_logs: 0,
    net_errors: 0,
  };
}

/**
 * The session after one more batch. Batches may arrive in any order: times widen to cover every event,
 * counters add up, the start URL is the earliest page seen and the end URL the latest page view.
 * `activeMillis` is the session's active time over all its events, stored ones included.
 */
export function mergeBatchIntoSession(
  row: SessionsTable,
  summary: BatchSummary,
  activeMillis: number,
  screen: { width: number; height: number } | undefined,
): SessionsTable {
  const creation = Math.min(row.creation_timestamp, seconds(summary.firstAt));
  const last = Math.max(row.last_event_timestamp, seconds(summary.lastAt));
  const duration = last - creation;
  const earlierStart =
    summary.firstPage !== null && (row.start_url === '' || seconds(summary.firstPage.at) < row.creation_timestamp);
  const startUrl = earlierStart && summary.firstPage ? summary.firstPage.url : row.start_url;
  const utm = earlierStart ? utmFromUrl(startUrl) : null;
  const laterPage =
    summary.lastPageView !== null &&
    (row.last_seen_page_view_id === '' || seconds(summary.lastPageView.at) >= row.last_event_timestamp);
  const counts = summary.counts;
  const merged: SessionsTable = {
    ...row,
    creation_timestamp: creation,
    // An earlier first event moves the expiration with it; the retention span stays the one set at creation.
    expiration_timestamp: creation + (row.expiration_timestamp - row.creation_timestamp),
    last_event_timestamp: last,
    end_timestamp: last,
    duration,
    active_time: Math.min(duration, Math.round(activeMillis / 1000)),
    start_url: startUrl,
    end_url: laterPage && summary.lastPageView ? summary.lastPageView.url : row.end_url || startUrl,
    last_seen_page_view_id:
      laterPage && summary.lastPageView ? summary.lastPageView.eventId : row.last_seen_page_view_id,
    referrer: row.referrer || (summary.referrer ?? ''),
    resolution_width: row.resolution_width || (screen?.width ?? 0),
    resolution_height: row.resolution_height || (screen?.height ?? 0),
    ...(utm
      ? {
          utm_source: utm.source,
          utm_medium: utm.medium,
          utm_campaign: utm.campaign,
          utm_term: utm.term,
          utm_content: utm.content,
        }
      : {}),
    page_views: row.page_views + summary.pageViews,
    clicks: row.clicks + counts.clicks,
    error_clicks: row.error_clicks + counts.error_clicks,
    rage_clicks: row.rage_clicks + counts.rage_clicks,
    error_logs: row.error_logs + counts.error_logs,
    net_errors: row.net_errors + counts.net_errors,
  };
  return {
    ...merged,
    engagement_score: engagementScore({
      duration: merged.duration,
      activeTime: merged.active_time,
      pageViews: merged.page_views,
      clicks: merged.clicks,
      rageClicks: merged.rage_clicks,
      errorClicks: merged.error_clicks,
      errorLogs: merged.error_logs,
      netErrors: merged.net_errors,
    }),
  };
}

/** A visitor as their first session creates them. */
export function newVisitorRow(accountId: string, visitorId: string, sessionCreation: number): VisitorsTable {
  return {
    account_id: accountId,
    id: visitorId,
    name: null,
    name_key: null,
    name_tail_key: null,
    name_last_key: null,
    name_third_key: null,
    email: null,
    email_lower: null,
    email_hash: null,
    params: '[]',
    first_session_timestamp: sessionCreation,
    last_session_timestamp: sessionCreation,
  };
}

interface VisitorParam {
  name: string;
  value: string;
}

/**
 * The visitor after a session of theirs changed: first and last session times widen to it, and an
 * identity sets the name, the e-mail (with its trimmed lower-case form and that form's SHA-256) and
 * merges params by name.
 */
export function updateVisitor(row: VisitorsTable, sessionCreation: number, identity: Identity | null): VisitorsTable {
  const updated: VisitorsTable = {
    ...row,
    first_session_timestamp: Math.min(row.first_session_timestamp, sessionCreation),
    last_session_timestamp: Math.max(row.last_session_timestamp, sessionCreation),
  };
  if (!identity) return updated;
  if (identity.name !== undefined) Object.assign(updated, namedColumns(identity.name));
  if (identity.email !== undefined) Object.assign(updated, emailColumns(identity.email));
  const entries = Object.entries(identity.params);
  if (entries.length > 0) {
    const params = new Map((JSON.parse(row.params) as VisitorParam[]).map((param) => [param.name, param.value]));
    for (const [name, value] of entries) {
      params.delete(name);
      params.set(name, value);
    }
    // Most recently set last; the oldest go first when a visitor piles up more than the cap.
    const kept = [...params].slice(-MAX_VISITOR_PARAMS);
    updated.params = JSON.stringify(kept.map(([name, value]) => ({ name, value })));
  }
  return updated;
}
