import { EVENT_KIND as K } from '../../../api/event-catalogue.ts';
import type { RecordedEvent } from './recorded-event.ts';

export interface EventCounts {
  clicks: number;
  error_clicks: number;
  rage_clicks: number;
  /** console.error calls and uncaught JavaScript errors. */
  error_logs: number;
  net_errors: number;
}

export interface PageAt {
  url: string;
  /** Unix milliseconds. */
  at: number;
}

/** What the visitor said about themselves through `sa.identify`; later calls win, params merge. */
export interface Identity {
  email?: string;
  name?: string;
  params: Record<string, string>;
}

/** One batch reduced to what the session and visitor rows need. */
export interface BatchSummary {
  /** Unix milliseconds of the earliest and latest event. */
  firstAt: number;
  lastAt: number;
  pageViews: number;
  /** The earliest page the batch names (session start or page view). */
  firstPage: PageAt | null;
  /** The latest page view, with the id of its event. */
  lastPageView: (PageAt & { eventId: string }) | null;
  referrer: string | null;
  counts: EventCounts;
  identity: Identity | null;
}

function countsOf(events: readonly RecordedEvent[]): EventCounts {
  const counts: EventCounts = { clicks: 0, error_clicks: 0, rage_clicks: 0, error_logs: 0, net_errors: 0 };
  for (const { kind, details } of events) {
    if (kind === K.click) counts.clicks += 1;
    else if (kind === K.errorClick) counts.error_clicks += 1;
    else if (kind === K.rageClick) counts.rage_clicks += 1;
    else if (kind === K.jsError || (kind === K.consoleLog && details.level === 'error')) counts.error_logs += 1;
    else if (kind === K.networkError) counts.net_errors += 1;
  }
  return counts;
}

function identityOf(events: readonly RecordedEvent[]): Identity | null {
  const identifies = events.filter((event) => event.kind === K.identify);
  if (identifies.length === 0) return null;
  const identity: Identity = { params: {} };
  for (const { details } of identifies) {
    const email = details.email?.trim();
    if (email) identity.email = email;
    const name = details.name?.trim();
    if (name) identity.name = name;
    Object.assign(identity.params, details.params ?? {});
  }
  return identity;
}

/** Reduces a batch (at least one event, in any order) to its times, pages, counts and identity. */
export function summariseBatch(events: readonly RecordedEvent[]): BatchSummary {
  const byTime = [...events].sort((a, b) => a.occurredAt - b.occurredAt);
  const first = byTime[0];
  const last = byTime.at(-1);
  if (!first || !last) throw new Error('A batch has at least one event');
  const pageViews = byTime.filter((event) => event.kind === K.pageView && event.details.url !== undefined);
  const firstPageEvent = byTime.find(
    (event) => (event.kind === K.pageView || event.kind === K.sessionStart) && event.details.url,
  );
  const lastPageView = pageViews.at(-1);
  const start = byTime.find((event) => event.kind === K.sessionStart && event.details.referrer !== undefined);
  return {
    firstAt: first.occurredAt,
    lastAt: last.occurredAt,
    pageViews: pageViews.length,
    firstPage: firstPageEvent ? { url: firstPageEvent.details.url ?? '', at: firstPageEvent.occurredAt } : null,
    lastPageView: lastPageView
      ? { url: lastPageView.details.url ?? '', at: lastPageView.occurredAt, eventId: lastPageView.id }
      : null,
    referrer: start?.details.referrer ?? null,
    counts: countsOf(byTime),
    identity: identityOf(byTime),
  };
}

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

export type Utm = Record<(typeof UTM_KEYS)[number], string>;

/** The utm_* parameters of a URL; empty strings for those absent or when the URL cannot be read. */
export function utmFromUrl(url: string): Utm {
  const utm: Utm = { source: '', medium: '', campaign: '', term: '', content: '' };
  if (!URL.canParse(url)) return utm;
  const params = new URL(url).searchParams;
  for (const key of UTM_KEYS) utm[key] = (params.get(`utm_${key}`) ?? '').slice(0, 256);
  return utm;
}
