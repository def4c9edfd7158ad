import type { GetSessionsData } from '../../../../api/client/types.gen.ts';
import { isDateBound } from '../../../../api/date-bounds.ts';
import { isSessionSort } from '../../../components/sessions/session-sort.ts';
import { isValidTimeZone } from '../../../lib/time-zones.ts';
import { boundInstant } from './local-date-time.ts';
import {
  FILTER_PARAMS,
  type FilterParam,
  filterRefusal,
  readFilterValue,
  readSessionFilters,
  type SessionFilters,
  textRefusal,
  toFilterQuery,
} from './session-filters.ts';

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
/** The API refuses pages past this one. */
export const MAX_PAGE = 10_000;

/** What the sessions list shows. Empty strings mean "no filter". */
export interface SessionsView {
  email: string;
  visitorId: string;
  websiteId: string;
  dateFrom: string;
  dateTo: string;
  timeZone: string;
  /** The API's `sort`; '' is newest first. */
  sort: string;
  /** The chips: device, country, ranges, flags and the other narrowing parameters. */
  filters: SessionFilters;
  page: number;
  size: PageSize;
}

/** URL keys, named as the API's query parameters so a link and an API call read the same. */
const KEYS = {
  email: 'email',
  visitorId: 'visitor_id',
  websiteId: 'website_id',
  dateFrom: 'date_from',
  dateTo: 'date_to',
  timeZone: 'tz',
  sort: 'sort',
  page: 'page',
  size: 'size',
} as const satisfies Record<Exclude<keyof SessionsView, 'filters'>, string>;

const FILTER_FIELDS = ['email', 'visitorId', 'websiteId', 'dateFrom', 'dateTo', 'timeZone', 'sort'] as const;

/** A page past those the API serves is its last one, which the list then moves back to the list's last. */
function readPage(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 0;
  return Math.min(Number(value), MAX_PAGE);
}

function readSize(value: string | null): PageSize {
  return PAGE_SIZES.find((size) => String(size) === value) ?? DEFAULT_PAGE_SIZE;
}

/** A part of an address the view left out, as `name=value`, with why in a few words. */
export interface UnreadPart {
  part: string;
  reason: string;
}

/** The minimum of each range a filter's maximum is checked against. */
const RANGE_MINIMUMS: Partial<Record<FilterParam, FilterParam>> = {
  duration_max: 'duration_min',
  engagement_max: 'engagement_min',
};

/**
 * What the address holds that the view could not read (a hand-edited or outdated link), with why: a filter
 * or date the API would refuse, the maximum of a range upside down, an unknown zone or order, a repeat.
 */
export function unreadParams(params: URLSearchParams, view: SessionsView): UnreadPart[] {
  const unread: UnreadPart[] = [];
  const given = (key: string) => params.get(key)?.trim() ?? '';
  const leftOut = (key: string, value: string, reason: string) => unread.push({ part: `${key}=${value}`, reason });
  for (const param of FILTER_PARAMS) {
    const value = given(param);
    if (!value || view.filters[param] !== undefined) continue;
    const minimum = RANGE_MINIMUMS[param];
    const upsideDown = minimum !== undefined && readFilterValue(param, value) !== null;
    leftOut(param, value, upsideDown ? `below ${minimum}` : filterRefusal(param, value));
  }
  const reasons: Record<Exclude<keyof typeof KEYS, 'websiteId' | 'page'>, (value: string) => string> = {
    email: (value) => textRefusal(value, MAX_EMAIL),
    visitorId: (value) => textRefusal(value, MAX_VISITOR_ID),
    dateFrom: () => 'not a date',
    dateTo: (value) => (isDateBound(value) ? `before ${KEYS.dateFrom}` : 'not a date'),
    timeZone: () => 'not a time zone',
    sort: () => 'not an order the list offers',
    size: () => `not ${PAGE_SIZES.slice(0, -1).join(', ')} or ${PAGE_SIZES.at(-1)} rows`,
  };
  for (const field of Object.keys(reasons) as (keyof typeof reasons)[]) {
    const key = KEYS[field];
    const read = field === 'size' ? String(view.size) : view[field];
    if (given(key) && given(key) !== read) leftOut(key, given(key), reasons[field](given(key)));
  }
  // A page past the end is moved to the last one; only a page that is not a whole number is left out.
  if (given(KEYS.page) && !/^\d+$/.test(given(KEYS.page))) leftOut(KEYS.page, given(KEYS.page), 'not a page number');
  // A parameter given twice is read once, from its first value.
  for (const key of [...FILTER_PARAMS, ...Object.values(KEYS)]) {
    for (const value of params.getAll(key).slice(1))
      if (value.trim()) leftOut(key, value.trim(), 'given again, the first is read');
  }
  return unread;
}

/** A date bound as the list can send it, or none for text the API would refuse ("garbage", "2026-02-30"). */
const dateBound = (text: string) => (isDateBound(text) ? text : '');

/** The API's longest e-mail and visitor id. */
const MAX_EMAIL = 320;
const MAX_VISITOR_ID = 256;

/** Text the API takes for an e-mail or a visitor id: not too long, and without the NUL character it refuses. */
const apiText = (text: string, max: number) => (text.length <= max && !text.includes('\u0000') ? text : '');

/**
 * The date range as the list can send it: a `date_to` before `date_from` (dates, times or relative dates,
 * read in the zone) is left out, as the maximum of a range upside down is, so the list shows from
 * `date_from` on.
 */
function dateRange(from: string, to: string, zone: string): { dateFrom: string; dateTo: string } {
  const fromAt = boundInstant(from, zone);
  const toAt = boundInstant(to, zone);
  return { dateFrom: from, dateTo: fromAt && toAt && fromAt > toAt ? '' : to };
}

/** Reads the view from the URL; anything missing or unreadable falls back to its default. */
export function readSessionsView(params: URLSearchParams, defaultTimeZone: string): SessionsView {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  const given = text(KEYS.timeZone);
  const timeZone = isValidTimeZone(given) ? given : defaultTimeZone;
  return {
    email: apiText(text(KEYS.email), MAX_EMAIL),
    visitorId: apiText(text(KEYS.visitorId), MAX_VISITOR_ID),
    websiteId: text(KEYS.websiteId),
    ...dateRange(dateBound(text(KEYS.dateFrom)), dateBound(text(KEYS.dateTo)), timeZone),
    timeZone,
    sort: isSessionSort(text(KEYS.sort)) ? text(KEYS.sort) : '',
    filters: readSessionFilters(params),
    page: readPage(params.get(KEYS.page)),
    size: readSize(params.get(KEYS.size)),
  };
}

export function hasDateFilter(view: Pick<SessionsView, 'dateFrom' | 'dateTo'>): boolean {
  return view.dateFrom !== '' || view.dateTo !== '';
}

/**
 * Writes the view into a copy of `base`, leaving keys that are not ours (such as an open session) alone.
 * Defaults are left out. The zone is kept whenever a date filter is on, because it changes what
 * "today" means for whoever opens the link.
 */
export function writeSessionsView(
  view: SessionsView,
  defaultTimeZone: string,
  base = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of [...Object.values(KEYS), ...FILTER_PARAMS]) next.delete(key);
  const set = (key: string, value: string) => {
    if (value) next.set(key, value);
  };
  set(KEYS.email, view.email.trim());
  set(KEYS.visitorId, view.visitorId.trim());
  set(KEYS.websiteId, view.websiteId);
  set(KEYS.dateFrom, view.dateFrom);
  set(KEYS.dateTo, view.dateTo);
  if (hasDateFilter(view) || view.timeZone !== defaultTimeZone) set(KEYS.timeZone, view.timeZone);
  set(KEYS.sort, view.sort);
  for (const param of FILTER_PARAMS) set(param, view.filters[param] ?? '');
  if (view.page > 0) set(KEYS.page, String(view.page));
  if (view.size !== DEFAULT_PAGE_SIZE) set(KEYS.size, String(view.size));
  return next;
}

/** The last page holding sessions of a list of `total` (0 when it is empty), within the pages the API serves. */
export function lastPageOf(total: number, size: number): number {
  return Math.min(MAX_PAGE, Math.max(0, Math.ceil(total / size) - 1));
}

/** Applies a change; changing any filter or the page size goes back to the first page. */
export function applyViewChange(view: SessionsView, change: Partial<SessionsView>): SessionsView {
  const next = { ...view, ...change };
  const listChanged =
    FILTER_FIELDS.some((field) => next[field] !== view[field]) ||
    FILTER_PARAMS.some((param) => next.filters[param] !== view.filters[param]) ||
    next.size !== view.size;
  return listChanged ? { ...next, page: 0 } : next;
}

/** The API query for the view; the zone is sent only when a date filter needs it. */
export function toSessionsQuery(view: SessionsView): NonNullable<GetSessionsData['query']> {
  return {
    page: view.page,
    size: view.size,
    ...(view.email ? { email: view.email } : {}),
    ...(view.visitorId ? { visitor_id: view.visitorId } : {}),
    ...(view.websiteId ? { website_id: view.websiteId } : {}),
    ...(view.dateFrom ? { date_from: view.dateFrom } : {}),
    ...(view.dateTo ? { date_to: view.dateTo } : {}),
    ...(hasDateFilter(view) ? { tz: view.timeZone } : {}),
    ...(view.sort ? { sort: view.sort as NonNullable<GetSessionsData['query']>['sort'] } : {}),
    ...toFilterQuery(view.filters),
  };
}

/** The view as a saved view's query: URL parameters without paging; the zone only when dates need it. */
export function toSavedViewQuery(view: SessionsView): Record<string, string> {
  const params = writeSessionsView({ ...view, page: 0, size: DEFAULT_PAGE_SIZE }, view.timeZone);
  return Object.fromEntries(params);
}
