import type { GetSessionsData, ListSessionValuesData } from '../../../../api/client/types.gen.ts';
import { DEVICE_TYPES, deviceTypeOf } from '../../../../api/device-types.ts';
import { countryName, isCountryCode } from './countries.ts';

type SessionsQuery = NonNullable<GetSessionsData['query']>;

/** The API's narrowing parameters shown as chips; dates, e-mail, visitor id and website have their own controls. */
export const FILTER_PARAMS = [
  'device',
  'browser',
  'os',
  'country',
  'duration_min',
  'duration_max',
  'engagement_min',
  'engagement_max',
  'has_errors',
  'has_rage_clicks',
  'has_error_clicks',
  'identified',
  'seen',
  'url',
  'start_url',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'tag',
  'visitor_param',
] as const satisfies readonly (keyof SessionsQuery)[];
export type FilterParam = (typeof FILTER_PARAMS)[number];
/** Filter values as they appear in the URL (and in a saved view), keyed by API parameter. */
export type SessionFilters = Partial<Record<FilterParam, string>>;

const MAX_DURATION_SECONDS = 31_536_000;

/** Text the API takes: not too long, and without the NUL character it refuses. */
const textUpTo = (max: number) => (value: string) => (value.length <= max && !value.includes('\u0000') ? value : null);
const flag = (value: string) => (value === 'true' || value === 'false' ? value : null);
const integerUpTo = (max: number) => (value: string) =>
  /^\d{1,9}$/.test(value) && Number(value) <= max ? String(Number(value)) : null;
const scoreValue = (value: string) =>
  /^\d{1,3}(\.\d{1,6})?$/.test(value) && Number(value) <= 100 ? String(Number(value)) : null;

/** The longest text the API takes for each text filter. */
const TEXT_LIMITS = {
  browser: 128,
  os: 128,
  url: 2048,
  start_url: 2048,
  referrer: 2048,
  utm_source: 256,
  utm_medium: 256,
  utm_campaign: 256,
  tag: 256,
  visitor_param: 1024,
} as const satisfies Partial<Record<FilterParam, number>>;

/** How each parameter's URL text is checked: the normalised value, or null when the API would refuse it. */
const READERS: Record<FilterParam, (value: string) => string | null> = {
  device: deviceTypeOf,
  browser: textUpTo(TEXT_LIMITS.browser),
  os: textUpTo(TEXT_LIMITS.os),
  country: (value) => (/^[A-Za-z]{2}$/.test(value) && isCountryCode(value.toUpperCase()) ? value.toUpperCase() : null),
  duration_min: integerUpTo(MAX_DURATION_SECONDS),
  duration_max: integerUpTo(MAX_DURATION_SECONDS),
  engagement_min: scoreValue,
  engagement_max: scoreValue,
  has_errors: flag,
  has_rage_clicks: flag,
  has_error_clicks: flag,
  identified: flag,
  seen: flag,
  url: textUpTo(TEXT_LIMITS.url),
  start_url: textUpTo(TEXT_LIMITS.start_url),
  referrer: textUpTo(TEXT_LIMITS.referrer),
  utm_source: textUpTo(TEXT_LIMITS.utm_source),
  utm_medium: textUpTo(TEXT_LIMITS.utm_medium),
  utm_campaign: textUpTo(TEXT_LIMITS.utm_campaign),
  tag: textUpTo(TEXT_LIMITS.tag),
  visitor_param: (value) => (value.length <= TEXT_LIMITS.visitor_param && /^[^=]+=/.test(value) ? value : null),
};

/** Why text the API refuses was left out: it holds a NUL, or is longer than `max` characters. */
export function textRefusal(value: string, max: number): string {
  return value.includes('\u0000') ? 'holds a NUL character' : `longer than ${max.toLocaleString('en')} characters`;
}

/** Why a filter's value in a link was left out, in a few words ("not a country code"). */
export function filterRefusal(param: FilterParam, value: string): string {
  if (param === 'device') return `not ${DEVICE_TYPES.slice(0, -1).join(', ')} or ${DEVICE_TYPES.at(-1)}`;
  if (param === 'country') return 'not a country code';
  if (param === 'duration_min' || param === 'duration_max') return 'not a whole number of seconds up to a year';
  if (param === 'engagement_min' || param === 'engagement_max') return 'not a score from 0 to 100';
  if (FLAG_PARAMS.has(param)) return 'not true or false';
  if (param === 'visitor_param' && value.length <= TEXT_LIMITS.visitor_param && !value.includes('\u0000')) {
    return 'not written name=value';
  }
  return textRefusal(value, TEXT_LIMITS[param as keyof typeof TEXT_LIMITS]);
}

/** Checks one value, e.g. from a form; null when it is blank or the API would refuse it. */
export function readFilterValue(param: FilterParam, raw: string): string | null {
  const value = raw.trim();
  return value ? READERS[param](value) : null;
}

/** The filters in the URL; values the API would refuse (a hand-edited link) are left out, as is a range upside down. */
export function readSessionFilters(params: URLSearchParams): SessionFilters {
  const filters: SessionFilters = {};
  for (const param of FILTER_PARAMS) {
    const value = readFilterValue(param, params.get(param) ?? '');
    if (value !== null) filters[param] = value;
  }
  for (const [min, max] of [
    ['duration_min', 'duration_max'],
    ['engagement_min', 'engagement_max'],
  ] as const) {
    if (filters[min] !== undefined && filters[max] !== undefined && Number(filters[min]) > Number(filters[max])) {
      delete filters[max];
    }
  }
  return filters;
}

const NUMBER_PARAMS = new Set<FilterParam>(['duration_min', 'duration_max', 'engagement_min', 'engagement_max']);
const FLAG_PARAMS = new Set<FilterParam>(['has_errors', 'has_rage_clicks', 'has_error_clicks', 'identified', 'seen']);

/** The filters as the API's typed query. */
export function toFilterQuery(filters: SessionFilters): Partial<SessionsQuery> {
  const query: Record<string, string | number | boolean> = {};
  for (const param of FILTER_PARAMS) {
    const value = filters[param];
    if (value === undefined) continue;
    query[param] = NUMBER_PARAMS.has(param) ? Number(value) : FLAG_PARAMS.has(param) ? value === 'true' : value;
  }
  return query as Partial<SessionsQuery>;
}

/** Filters whose stored values the server lists (GET /v1/sessions/values), by the same name. */
type ValueParam = Extract<FilterParam, ListSessionValuesData['query']['field']>;

export type FilterControl =
  | { kind: 'text'; field: ValueParam; placeholder?: string; contains?: boolean; suggestions?: readonly string[] }
  | { kind: 'choice'; options: { value: string; label: string }[]; counted?: ValueParam }
  | { kind: 'country' }
  | { kind: 'range'; unit: string; max: number; step: number; units?: readonly RangeUnit[] }
  | { kind: 'flag'; yes: string; no: string }
  | { kind: 'visitor-param' };

/** A unit a range can be entered in, with how many of the parameter's own units one is (seconds in a minute). */
export interface RangeUnit {
  /** Short, after a number ("10 min"). */
  label: string;
  /** In words, on the unit's button. */
  name: string;
  size: number;
}

/** Durations are entered in seconds, minutes or hours; the API and the address keep seconds. */
export const DURATION_UNITS: readonly RangeUnit[] = [
  { label: 's', name: 'seconds', size: 1 },
  { label: 'min', name: 'minutes', size: 60 },
  { label: 'h', name: 'hours', size: 3600 },
];

/** The largest unit that each of the values is a whole number of ("600" reads as 10 min); the first when none is set. */
export function unitFor(units: readonly RangeUnit[], values: readonly (string | undefined)[]): RangeUnit {
  // Zero is a whole number of every unit: it leaves the choice to the other value, or to seconds.
  const given = values
    .filter((value): value is string => value !== undefined && value !== '')
    .map(Number)
    .filter((value) => value !== 0);
  const fitting = units.filter((unit) => given.length > 0 && given.every((value) => value % unit.size === 0));
  return fitting.at(-1) ?? (units[0] as RangeUnit);
}

/** One entry of the "Add filter" menu: a name, the parameters it sets, and how its value is entered. */
export interface FilterDefinition {
  id: string;
  label: string;
  params: readonly FilterParam[];
  control: FilterControl;
}

const flagFilter = (param: FilterParam, label: string, yes: string, no: string): FilterDefinition => ({
  id: param,
  label,
  params: [param],
  control: { kind: 'flag', yes, no },
});
const textFilter = (param: ValueParam, label: string, suggestions?: readonly string[]): FilterDefinition => ({
  id: param,
  label,
  params: [param],
  control: suggestions
    ? { kind: 'text', field: param, placeholder: `e.g. ${suggestions[0] ?? ''}`, suggestions }
    : { kind: 'text', field: param },
});

/**
 * The names the server gives the most common browsers and systems (it reads the User-Agent with ua-parser-js
 * and renames a few): offered after the account's own names, since the filter matches the exact name.
 */
const COMMON_BROWSERS = ['Chrome', 'Safari', 'Edge', 'Firefox', 'Samsung Internet', 'Opera', 'Internet Explorer'];
const COMMON_SYSTEMS = ['Windows', 'macOS', 'iOS', 'Android', 'Linux', 'ChromeOS', 'Ubuntu'];
const containsFilter = (param: ValueParam, label: string, placeholder: string): FilterDefinition => ({
  id: param,
  label,
  params: [param],
  control: { kind: 'text', field: param, placeholder, contains: true },
});

export const FILTER_DEFINITIONS: readonly FilterDefinition[] = [
  {
    id: 'device',
    label: 'Device',
    params: ['device'],
    control: {
      kind: 'choice',
      counted: 'device',
      options: DEVICE_TYPES.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) })),
    },
  },
  textFilter('browser', 'Browser', COMMON_BROWSERS),
  textFilter('os', 'Operating system', COMMON_SYSTEMS),
  { id: 'country', label: 'Country', params: ['country'], control: { kind: 'country' } },
  {
    id: 'duration',
    label: 'Duration',
    params: ['duration_min', 'duration_max'],
    control: { kind: 'range', unit: 's', max: MAX_DURATION_SECONDS, step: 1, units: DURATION_UNITS },
  },
  {
    id: 'engagement',
    label: 'Engagement',
    params: ['engagement_min', 'engagement_max'],
    control: { kind: 'range', unit: 'of 100', max: 100, step: 1 },
  },
  flagFilter('has_errors', 'Errors', 'Has errors', 'No errors'),
  flagFilter('has_rage_clicks', 'Rage clicks', 'Has rage clicks', 'No rage clicks'),
  flagFilter('has_error_clicks', 'Error clicks', 'Has error clicks', 'No error clicks'),
  flagFilter('identified', 'Identified visitor', 'Identified visitors', 'Anonymous visitors'),
  flagFilter('seen', 'Seen', 'Seen', 'Not seen yet'),
  containsFilter('url', 'Page URL', 'e.g. /checkout'),
  containsFilter('start_url', 'Start URL', 'e.g. /pricing'),
  containsFilter('referrer', 'Referrer', 'e.g. google'),
  textFilter('utm_source', 'UTM source'),
  textFilter('utm_medium', 'UTM medium'),
  textFilter('utm_campaign', 'UTM campaign'),
  textFilter('tag', 'Tag'),
  { id: 'visitor_param', label: 'Visitor parameter', params: ['visitor_param'], control: { kind: 'visitor-param' } },
];

export const isFilterOn = (filters: SessionFilters, definition: FilterDefinition) =>
  definition.params.some((param) => filters[param] !== undefined);

function describeRange(
  min: string | undefined,
  max: string | undefined,
  control: Extract<FilterControl, { kind: 'range' }>,
): string {
  const unit = control.units ? unitFor(control.units, [min, max]) : { label: control.unit, size: 1 };
  const inUnit = (value: string) => String(Number(value) / unit.size);
  const withUnit = (value: string) => `${inUnit(value)} ${unit.label}`;
  if (min !== undefined && max !== undefined) return `${inUnit(min)}–${withUnit(max)}`;
  if (min !== undefined) return `at least ${withUnit(min)}`;
  return `at most ${withUnit(max ?? '')}`;
}

/** What a chip says, e.g. "Country: Germany", "Duration: at least 10 min", "Has errors". */
export function describeFilter(definition: FilterDefinition, filters: SessionFilters): string {
  const [first, second] = definition.params;
  const value = first ? (filters[first] ?? '') : '';
  const { control } = definition;
  switch (control.kind) {
    case 'flag':
      return value === 'true' ? control.yes : control.no;
    case 'range':
      return `${definition.label}: ${describeRange(filters[first!], second ? filters[second] : undefined, control)}`;
    case 'country':
      return `${definition.label}: ${countryName(value)}`;
    case 'choice':
      return `${definition.label}: ${control.options.find((option) => option.value === value)?.label ?? value}`;
    case 'visitor-param': {
      const at = value.indexOf('=');
      return `${definition.label}: ${value.slice(0, at)} = ${value.slice(at + 1)}`;
    }
    case 'text':
      return control.contains ? `${definition.label} contains “${value}”` : `${definition.label}: ${value}`;
  }
}
