import type { FindingRow } from './session-finding-fixtures.ts';

/**
 * The filters and sorts of GET /v1/sessions, written again over plain rows, independently of the SQL,
 * so the API's rows and totals can be checked against a direct count.
 */
const contains = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());
const identified = (row: FindingRow) => Boolean(row.visitor.email) || Boolean(row.visitor.name);
const params = (row: FindingRow) => JSON.parse(row.visitor.params) as { name: string; value: string }[];

export const FILTER_MODEL: Record<string, (row: FindingRow, value: string) => boolean> = {
  device: (row, value) => row.device === value,
  browser: (row, value) => row.browser_name === value,
  os: (row, value) => row.os_name === value,
  country: (row, value) => row.country_code === value.toUpperCase(),
  website_id: (row, value) => row.website_id === value,
  duration_min: (row, value) => row.duration >= Number(value),
  duration_max: (row, value) => row.duration <= Number(value),
  engagement_min: (row, value) => row.engagement_score >= Number(value),
  engagement_max: (row, value) => row.engagement_score <= Number(value),
  has_errors: (row, value) => row.error_logs > 0 === (value === 'true'),
  has_rage_clicks: (row, value) => row.rage_clicks > 0 === (value === 'true'),
  has_error_clicks: (row, value) => row.error_clicks > 0 === (value === 'true'),
  identified: (row, value) => identified(row) === (value === 'true'),
  seen: (row, value) => (row.seen === 1) === (value === 'true'),
  url: (row, value) => [row.start_url, row.end_url, ...row.pageUrls].some((url) => contains(url, value)),
  start_url: (row, value) => contains(row.start_url, value),
  referrer: (row, value) => contains(row.referrer, value),
  utm_source: (row, value) => row.utm_source === value,
  utm_medium: (row, value) => row.utm_medium === value,
  utm_campaign: (row, value) => row.utm_campaign === value,
  tag: (row, value) => (JSON.parse(row.tags) as string[]).some((tag) => tag.toLowerCase() === value.toLowerCase()),
  visitor_param: (row, value) => {
    const at = value.indexOf('=');
    return params(row).some((param) => param.name === value.slice(0, at) && param.value === value.slice(at + 1));
  },
  date_from: (row, value) => row.creation_timestamp >= Date.parse(value) / 1000,
  date_to: (row, value) => row.creation_timestamp < Date.parse(value) / 1000,
  tz: () => true,
};

const SORT_COLUMNS = {
  start: 'creation_timestamp',
  duration: 'duration',
  active_time: 'active_time',
  engagement: 'engagement_score',
  page_views: 'page_views',
  errors: 'error_logs',
  rage_clicks: 'rage_clicks',
  error_clicks: 'error_clicks',
} as const;

export const SORT_KEYS = Object.keys(SORT_COLUMNS) as (keyof typeof SORT_COLUMNS)[];

/** The ids a query should list, in order: matching every filter, sorted by the key then id. */
export function expectedIds(rows: FindingRow[], query: Record<string, string>): string[] {
  const sort = query.sort ?? '-start';
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[(descending ? sort.slice(1) : sort) as keyof typeof SORT_COLUMNS];
  const sign = descending ? -1 : 1;
  return rows
    .filter((row) =>
      Object.entries(query).every(
        ([name, value]) => name === 'sort' || (FILTER_MODEL[name] ?? (() => true))(row, value),
      ),
    )
    .sort((a, b) => sign * (a[column] - b[column] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    .map((row) => row.id);
}
