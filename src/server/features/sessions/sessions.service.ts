import type { SessionListResource, SessionResource, SessionsQueryInput } from '../../../api/schemas/sessions.ts';
import type { Db } from '../../db/database.ts';
import { resolveDateRange } from './date-range.ts';
import { errors } from '../../errors.ts';
import { toSessionFilter } from './session-filter-input.ts';
import type { SessionFilter } from './session-filter.ts';
import { type SessionOrder, parseSessionSort } from './session-order.ts';
import { PLACE_FIELDS } from './session-rollup.ts';
import { SEEK_FROM_OFFSET, placeOffsetByHours } from './session-seek.ts';
import {
  type SessionPageRow,
  countSessions,
  findSessionBrief,
  findSessionPage,
  findSessionRow,
  markSessionSeen,
} from './sessions.repository.ts';

export function toSessionResource(row: SessionPageRow, publicUrl: string): SessionResource {
  return {
    id: row.id,
    website_id: row.website_id,
    session_url: `${publicUrl}/sessions/${encodeURIComponent(row.id)}`,
    creation_timestamp: row.creation_timestamp,
    duration: row.duration,
    end_timestamp: row.end_timestamp,
    active_time: row.active_time,
    end_url: row.end_url,
    expiration_timestamp: row.expiration_timestamp,
    last_event_timestamp: row.last_event_timestamp,
    product: row.product,
    device: row.device,
    tags: JSON.parse(row.tags) as string[],
    last_seen_page_view_id: row.last_seen_page_view_id,
    seen: row.seen === 1,
    referrer: row.referrer,
    start_url: row.start_url,
    visitor_first_session: row.visitor_first_session === 1,
    engagment_score: row.engagement_score,
    // 1/0 on SQLite, true/false on PostgreSQL.
    has_recording: Boolean(row.has_recording),
    visitor: {
      id: row.visitor_id,
      ip: row.ip,
      geolocation: { country_code: row.country_code, city: row.city, region: row.region },
      name: row.visitor_name ?? '',
      email: row.visitor_email ?? '',
      email_hash: row.visitor_email_hash ?? '',
      params: JSON.parse(row.visitor_params) as { name: string; value: string }[],
      last_session_timestamp: row.visitor_last_session_timestamp,
      first_session_timestamp: row.visitor_first_session_timestamp,
      sessions_statistics: { count: Number(row.visitor_session_count) },
    },
    resolution: {
      height: row.resolution_height,
      width: row.resolution_width,
      resolution: `${row.resolution_width}x${row.resolution_height}`,
    },
    os: { name: row.os_name, version: row.os_version },
    browser: { description: row.browser_description, name: row.browser_name, version: row.browser_version },
    utm: {
      source: row.utm_source,
      medium: row.utm_medium,
      campaign: row.utm_campaign,
      term: row.utm_term,
      content: row.utm_content,
    },
    page_views_statistics: { count: row.page_views },
    events_statistics: {
      clicks: row.clicks,
      error_clicks: row.error_clicks,
      rage_clicks: row.rage_clicks,
      error_logs: row.error_logs,
      net_errors: row.net_errors,
    },
  };
}

/** Which slice of the index to read: from the newest end, or from the oldest when that is shorter. */
export function pageWindow(total: number, page: number, size: number) {
  const offset = page * size;
  if (offset >= total) return null;
  const remaining = total - offset;
  if (offset <= remaining) return { offset, limit: size, fromEnd: false };
  const end = Math.max(0, remaining - size);
  return { offset: end, limit: remaining - end, fromEnd: true };
}

/**
 * The rows of one page. Deep pages in creation order, under filters the hourly rollup serves, are
 * placed by hours first so they cost what a first page costs; other orders read the shorter way round.
 */
async function findPage(
  db: Db,
  filter: SessionFilter,
  order: SessionOrder,
  at: { total: number; page: number; size: number },
) {
  const window = pageWindow(at.total, at.page, at.size);
  if (!window) return [];
  const offset = at.page * at.size;
  const placed =
    order.column === 'creation_timestamp' && offset >= SEEK_FROM_OFFSET
      ? await placeOffsetByHours(db, filter, offset, order.descending)
      : null;
  if (placed)
    return findSessionPage(db, placed.filter, order, { offset: placed.offset, limit: at.size, fromEnd: false });
  return findSessionPage(db, filter, order, window);
}

/**
 * Filters whose page in time order is read from one index range that ends after `size` matches (the
 * place, a visitor or an e-mail): reading it costs little even when nothing matches, so it need not wait
 * for the total.
 */
const BOUNDED_PAGE_FIELDS = new Set<string>([...PLACE_FIELDS, 'visitorId', 'emailLower']);

function pageIsBounded(filter: SessionFilter): boolean {
  return Object.entries(filter).every(([key, value]) => value === undefined || BOUNDED_PAGE_FIELDS.has(key));
}

/**
 * The total and one page's rows. A near page in time order under a bounded filter is read alongside its
 * total (on PostgreSQL, on two connections at once): read forwards it holds the same rows that
 * `pageWindow` would read from either end.
 */
async function totalAndPage(db: Db, filter: SessionFilter, order: SessionOrder, page: number, size: number) {
  const offset = page * size;
  if (offset < SEEK_FROM_OFFSET && order.column === 'creation_timestamp' && pageIsBounded(filter)) {
    const [total, rows] = await Promise.all([
      countSessions(db, filter),
      findSessionPage(db, filter, order, { offset, limit: size, fromEnd: false }),
    ]);
    return { total, rows };
  }
  const total = await countSessions(db, filter);
  return { total, rows: await findPage(db, filter, order, { total, page, size }) };
}

export async function listSessions(
  db: Db,
  accountId: string,
  query: SessionsQueryInput,
  options: { publicUrl: string; now?: Date },
): Promise<SessionListResource> {
  const range = resolveDateRange(query, options.now ?? new Date());
  const filter = toSessionFilter(accountId, query, range);
  const order = parseSessionSort(query.sort);
  const { total, rows } = await totalAndPage(db, filter, order, query.page, query.size);
  return {
    total,
    page: { num: query.page, size: query.size },
    sessions: rows.map((row) => toSessionResource(row, options.publicUrl)),
    ...(range ? { date_range: { from: range.fromIso, to: range.toIso, tz: range.tz } } : {}),
  };
}

/** One session; `markSeen` records that a person opened it in the dashboard. */
export async function getSession(
  db: Db,
  accountId: string,
  sessionId: string,
  options: { publicUrl: string; markSeen: boolean },
): Promise<SessionResource> {
  const row = await findSessionRow(db, accountId, sessionId);
  if (!row) throw errors.notFound('Session');
  if (options.markSeen && row.seen === 0) {
    await markSessionSeen(db, accountId, sessionId);
    return toSessionResource({ ...row, seen: 1 }, options.publicUrl);
  }
  return toSessionResource(row, options.publicUrl);
}

export type SessionBrief = NonNullable<Awaited<ReturnType<typeof findSessionBrief>>>;

/** Website, visitor and times of a session of the account, or undefined. */
export function sessionBrief(db: Db, accountId: string, sessionId: string): Promise<SessionBrief | undefined> {
  return findSessionBrief(db, accountId, sessionId);
}
