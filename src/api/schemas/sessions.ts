import { Type, type Static } from 'typebox';

export const RELATIVE_DATES = [
  'TODAY',
  'YESTERDAY',
  'BEGINNING_OF_WEEK',
  'BEGINNING_OF_MONTH',
  'BEGINNING_OF_PREV_MONTH',
  'TODAY-7DAYS',
  'TODAY-30DAYS',
] as const;

export type RelativeDate = (typeof RELATIVE_DATES)[number];

const dateParam = Type.String({
  minLength: 1,
  maxLength: 64,
  description: `ISO 8601 date-time (with or without offset), ISO date, or one of ${RELATIVE_DATES.join(', ')}.`,
});

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
  },
  { additionalProperties: false },
);

const text = Type.String();
const integer = Type.Integer();

export const Session = Type.Object(
  {
  id: text,
  website_id: text,
  session_url: text,
  creation_timestamp: integer,
  duration: integer,
  end_timestamp: integer,
  active_time: integer,
  end_url: text,
  expiration_timestamp: integer,
  last_event_timestamp: integer,
  product: text,
  device: text,
  tags: Type.Array(text),
  last_seen_page_view_id: text,
  seen: Type.Boolean(),
  referrer: text,
  start_url: text,
  visitor_first_session: Type.Boolean(),
  engagment_score: Type.Number({ minimum: 0, maximum: 100, description: 'Spelled so by the API.' }),
  visitor: Type.Object({
    id: text,
    ip: text,
    geolocation: Type.Object({ country_code: text, city: text, region: text }),
    name: Type.Union([text, Type.Null()]),
    email: Type.Union([text, Type.Null()]),
    email_hash: Type.Union([text, Type.Null()]),
    params: Type.Array(Type.Object({ name: text, value: text })),
    last_session_timestamp: integer,
    first_session_timestamp: integer,
  }),
  resolution: Type.Object({ height: integer, width: integer, resolution: text }),
  os: Type.Object({ name: text, version: text }),
  browser: Type.Object({ description: text, name: text, version: text }),
  utm: Type.Object({ source: text, medium: text, campaign: text, term: text, content: text }),
  page_views_statistics: Type.Object({ count: integer }),
  events_statistics: Type.Object({
    clicks: integer,
    error_clicks: integer,
    rage_clicks: integer,
    error_logs: integer,
    net_errors: integer,
  }),
  },
  { $id: 'Session' },
);

export const DateRange = Type.Object(
  {
    from: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    to: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    tz: Type.String(),
  },
  { description: 'The instants a date filter resolved to, in the zone used.' },
);

export const SessionList = Type.Object({
  total: integer,
  page: Type.Object({ num: integer, size: integer }),
  sessions: Type.Array(Type.Ref('Session')),
  date_range: Type.Optional(DateRange),
});

export type SessionsQueryInput = Static<typeof SessionsQuery>;
export type SessionResource = Static<typeof Session>;
export type SessionListResource = Omit<Static<typeof SessionList>, 'sessions'> & { sessions: SessionResource[] };
export type DateRangeResource = Static<typeof DateRange>;
