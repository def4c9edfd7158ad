import { Type, type Static } from 'typebox';

import { EMAIL_PATTERN, EVENT_KIND, INGEST_LIMITS } from '../event-catalogue.ts';
import { CLIENT_ID_PATTERN } from '../client-ids.ts';

/** Ids the tracker makes up (visitor, session, batch): random, URL-safe. */
const clientId = Type.String({ pattern: CLIENT_ID_PATTERN, description: 'Random, 8 to 64 of A-Z a-z 0-9 _ -.' });
const text = (maxLength: number) => Type.String({ maxLength });
const unixMillis = Type.Integer({
  minimum: 0,
  maximum: 8_640_000_000_000_000,
  description: 'Unix milliseconds, client clock.',
});
const propertyKey = Type.String({ pattern: `^[^\\u0000-\\u001f]{1,${INGEST_LIMITS.propertyKey}}$` });

const customProperties = Type.Record(
  propertyKey,
  Type.Union([Type.String({ maxLength: INGEST_LIMITS.propertyValue }), Type.Number(), Type.Boolean(), Type.Null()]),
  { maxProperties: INGEST_LIMITS.properties, additionalProperties: false },
);

const visitorParams = Type.Record(propertyKey, Type.String({ maxLength: INGEST_LIMITS.propertyValue }), {
  maxProperties: INGEST_LIMITS.properties,
  additionalProperties: false,
});

/**
 * One event. A flat object: which fields a kind needs is checked by the service, so a missing one is
 * reported by name (`events.3.name`) rather than as "matches no variant".
 */
export const IngestEvent = Type.Object(
  {
    kind: Type.Integer({
      enum: Object.values(EVENT_KIND),
      description:
        '1 session start, 2 session end (page left), 3 page view, 4 identify, 5 click, 6 double click, 20 error click, ' +
        '21 rage click, 24 console log, 25 JavaScript error, 26 custom event, 29 network request, 30 network error.',
    }),
    time: unixMillis,
    url: Type.Optional(
      Type.String({ maxLength: INGEST_LIMITS.url, description: 'Page URL (1, 3) or request URL (29, 30).' }),
    ),
    referrer: Type.Optional(
      Type.String({ maxLength: INGEST_LIMITS.url, description: 'document.referrer at session start (1).' }),
    ),
    title: Type.Optional(text(INGEST_LIMITS.text)),
    selector: Type.Optional(text(INGEST_LIMITS.selector)),
    text: Type.Optional(text(INGEST_LIMITS.text)),
    click_count: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: 'Rapid clicks in a rage click (21).' }),
    ),
    level: Type.Optional(Type.Enum(['log', 'info', 'warn', 'error'])),
    message: Type.Optional(text(INGEST_LIMITS.message)),
    stack: Type.Optional(text(INGEST_LIMITS.stack)),
    method: Type.Optional(Type.String({ maxLength: 16 })),
    status: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 999, description: 'HTTP status; 0 when the request failed without one.' }),
    ),
    duration: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400_000, description: 'Milliseconds.' })),
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: INGEST_LIMITS.name,
        description: 'Custom event name (26) or visitor name (4).',
      }),
    ),
    properties: Type.Optional(customProperties),
    email: Type.Optional(
      Type.String({
        maxLength: INGEST_LIMITS.email,
        pattern: EMAIL_PATTERN.source,
        description: 'Visitor e-mail (4).',
      }),
    ),
    params: Type.Optional(visitorParams),
  },
  { additionalProperties: false },
);

const hintVersion = Type.String({ maxLength: 32, pattern: '^[0-9.]*$' });

/** What `navigator.userAgentData` tells where browsers have it; the User-Agent string freezes these. */
export const ClientHints = Type.Object(
  {
    platform: Type.Optional(Type.String({ maxLength: 32, description: 'userAgentData.platform, e.g. Windows.' })),
    platform_version: Type.Optional(
      Type.String({
        maxLength: 32,
        pattern: '^[0-9.]*$',
        description: 'High-entropy platformVersion; on Windows 13 and above means Windows 11.',
      }),
    ),
    model: Type.Optional(Type.String({ maxLength: 64, description: 'Device model (Android).' })),
    mobile: Type.Optional(Type.Boolean()),
    full_version_list: Type.Optional(
      Type.Array(
        Type.Object({ brand: Type.String({ maxLength: 64 }), version: hintVersion }, { additionalProperties: false }),
        { maxItems: 10, description: 'Browser brands with their full versions.' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const IngestBatchBody = Type.Object(
  {
    key: Type.String({
      minLength: 1,
      maxLength: 100,
      description: "The website's public key (pk_…), from the snippet.",
    }),
    batch_id: clientId,
    visitor_id: clientId,
    session_id: clientId,
    sent_at: unixMillis,
    screen: Type.Optional(
      Type.Object(
        {
          width: Type.Integer({ minimum: 0, maximum: 100_000 }),
          height: Type.Integer({ minimum: 0, maximum: 100_000 }),
        },
        { additionalProperties: false },
      ),
    ),
    client_hints: Type.Optional(ClientHints),
    events: Type.Array(IngestEvent, { minItems: 1, maxItems: INGEST_LIMITS.eventsPerBatch }),
  },
  { additionalProperties: false },
);

export const IngestAccepted = Type.Object({
  accepted: Type.Integer({ description: 'Events recorded (0 for a batch already received).' }),
  duplicate: Type.Optional(Type.Boolean({ description: 'Present and true when this batch_id was already received.' })),
});

export type IngestEventInput = Static<typeof IngestEvent>;
export type IngestBatchInput = Static<typeof IngestBatchBody>;
export type ClientHintsInput = Static<typeof ClientHints>;
export type IngestAcceptedResource = Static<typeof IngestAccepted>;
