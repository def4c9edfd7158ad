import { Type, type Static } from 'typebox';

export const SessionEventsQuery = Type.Object(
  {
    kinds: Type.Optional(
      Type.String({
        pattern: '^\\d{1,3}(,\\d{1,3}){0,20}$',
        description: 'Comma-separated event kinds to keep, e.g. `3,25,30`; all kinds when absent.',
      }),
    ),
    cursor: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: '`next_cursor` of the previous page.' }),
    ),
    size: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  },
  { additionalProperties: false },
);

export const SessionEvent = Type.Object({
  id: Type.String(),
  kind: Type.Integer({
    description:
      '1 session start, 2 session end, 3 page view, 4 identify, 5 click, 6 double click, 20 error click, 21 rage click, ' +
      '24 console log, 25 JavaScript error, 26 custom event, 29 network request, 30 network error.',
  }),
  time: Type.Integer({ description: 'Unix milliseconds, server clock.' }),
  details: Type.Record(Type.String(), Type.Unknown(), {
    description:
      'What the tracker recorded: url, title, selector, text, click_count, level, message, stack, method, status, duration, name, properties, email, params.',
  }),
});

export const SessionEventPage = Type.Object({
  events: Type.Array(SessionEvent),
  next_cursor: Type.Union([Type.String(), Type.Null()], {
    description: 'Pass as `cursor` for the next page; null on the last.',
  }),
});

export type SessionEventsQueryInput = Static<typeof SessionEventsQuery>;
export type SessionEventResource = Static<typeof SessionEvent>;
export type SessionEventPageResource = Static<typeof SessionEventPage>;
