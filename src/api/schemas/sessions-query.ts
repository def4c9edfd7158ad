import { Type, type Static } from 'typebox';
import { RELATIVE_DATES } from '../date-bounds.ts';
import { DEVICE_TYPES } from '../device-types.ts';

export { RELATIVE_DATES, type RelativeDate } from '../date-bounds.ts';

/** What a list can be sorted by; `-` before a key sorts it descending. Ties are broken by id in the same direction. */
export const SESSION_SORT_KEYS = [
  'start',
  'duration',
  'active_time',
  'engagement',
  'page_views',
  'errors',
  'rage_clicks',
  'error_clicks',
] as const;
export type SessionSortKey = (typeof SESSION_SORT_KEYS)[number];
export const SESSION_SORTS = SESSION_SORT_KEYS.flatMap((key) => [`-${key}`, key]) as `${'-' | ''}${SessionSortKey}`[];
export type SessionSort = (typeof SESSION_SORTS)[number];
export const DEFAULT_SESSION_SORT: SessionSort = '-start';

const dateParam = Type.String({
  minLength: 1,
  maxLength: 64,
  description: `ISO 8601 date-time (with or without offset), ISO date, or one of ${RELATIVE_DATES.join(', ')}.`,
});

const exact = (description: string, maxLength = 128) =>
  Type.Optional(Type.String({ minLength: 1, maxLength, description }));
const contains = (description: string) =>
  Type.Optional(
    Type.String({ minLength: 1, maxLength: 2048, description: `${description} Contains, case-insensitive.` }),
  );
const flag = (description: string) => Type.Optional(Type.Boolean({ description }));

export const SessionsQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 0, maximum: 10000, default: 0, description: '0-based page number.' }),
    size: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 320, description: 'Exact, case-insensitive.' })),
    visitor_id: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
    website_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone; default Europe/London.' })),
    date_from: Type.Optional(dateParam),
    date_to: Type.Optional(dateParam),
    sort: Type.Optional(
      Type.Unsafe<SessionSort>({
        type: 'string',
        enum: SESSION_SORTS,
        description:
          'Order of the list: a key, descending when prefixed with `-`. `start` is creation_timestamp, `engagement` ' +
          'the engagement score, `errors` error_logs, `error_clicks` clicks followed by an error. Ties by id in the same direction. Default `-start`.',
      }),
    ),
    device: exact(`Device type in any case: ${DEVICE_TYPES.join(', ')}.`, 32),
    browser: exact('Browser name, the whole name in any case, e.g. Chrome.'),
    os: exact('Operating system name, the whole name in any case, e.g. Windows.'),
    country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 country code.' })),
    duration_min: Type.Optional(Type.Integer({ minimum: 0, maximum: 31_536_000, description: 'Seconds, inclusive.' })),
    duration_max: Type.Optional(Type.Integer({ minimum: 0, maximum: 31_536_000, description: 'Seconds, inclusive.' })),
    engagement_min: Type.Optional(
      Type.Number({ minimum: 0, maximum: 100, description: 'Engagement score, inclusive.' }),
    ),
    engagement_max: Type.Optional(
      Type.Number({ minimum: 0, maximum: 100, description: 'Engagement score, inclusive.' }),
    ),
    has_errors: flag('true: at least one error log; false: none.'),
    has_rage_clicks: flag('true: at least one rage click; false: none.'),
    has_error_clicks: flag('true: at least one error click; false: none.'),
    identified: flag('true: the visitor has an e-mail or a name; false: anonymous visitors.'),
    seen: flag('true: opened in the dashboard; false: not yet.'),
    url: contains('A page URL visited in the session (start, end or any page view).'),
    start_url: contains('The start URL.'),
    referrer: contains('The referrer.'),
    utm_source: exact('Exact UTM source.', 256),
    utm_medium: exact('Exact UTM medium.', 256),
    utm_campaign: exact('Exact UTM campaign.', 256),
    tag: exact('One of the session tags, case-insensitive.', 256),
    visitor_param: Type.Optional(
      Type.String({
        pattern: '^[^=]+=',
        maxLength: 1024,
        description: 'A visitor parameter as `name=value` (split at the first `=`); both exact.',
      }),
    ),
  },
  { additionalProperties: false },
);

export type SessionsQueryInput = Static<typeof SessionsQuery>;
