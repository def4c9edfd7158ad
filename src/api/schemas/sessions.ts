import { Type, type Static } from 'typebox';

export { RELATIVE_DATES, type RelativeDate, SessionsQuery, type SessionsQueryInput } from './sessions-query.ts';

/** Reading one session: the dashboard prefetches on hover with `peek=true`, which must not mark it seen. */
export const SessionReadQuery = Type.Object(
  {
    peek: Type.Optional(
      Type.Boolean({
        description: 'true: read the session without marking it seen, even for a signed-in person (a prefetch).',
      }),
    ),
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
    // An addition to the documented resource; always sent by this server, optional so older clients and fixtures still type-check.
    has_recording: Type.Optional(
      Type.Boolean({ description: 'A replay of the session is stored (GET /v1/sessions/{id}/recording).' }),
    ),
    visitor: Type.Object({
      id: text,
      ip: text,
      geolocation: Type.Object({ country_code: text, city: text, region: text }),
      name: Type.String({ description: 'Empty when the visitor has not said.' }),
      email: Type.String({ description: 'Empty when the visitor has not said.' }),
      email_hash: Type.String({ description: 'SHA-256 of the lower-cased e-mail; empty without an e-mail.' }),
      params: Type.Array(Type.Object({ name: text, value: text })),
      last_session_timestamp: integer,
      first_session_timestamp: integer,
      // Always sent; optional in the contract so that clients written against the original document stay valid.
      sessions_statistics: Type.Optional(
        Type.Object({ count: Type.Integer({ minimum: 0, description: "The number of this visitor's sessions." }) }),
      ),
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

export type SessionResource = Static<typeof Session>;
export type SessionListResource = Omit<Static<typeof SessionList>, 'sessions'> & { sessions: SessionResource[] };
export type DateRangeResource = Static<typeof DateRange>;
