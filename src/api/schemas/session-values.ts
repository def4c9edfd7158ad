import { Type, type Static } from 'typebox';

/** The list filters whose stored values can be suggested, by their parameter names in GET /v1/sessions. */
export const SESSION_VALUE_FIELDS = [
  'device',
  'browser',
  'os',
  'country',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'tag',
  'visitor_param',
  'url',
  'start_url',
  'referrer',
] as const;

export type SessionValueField = (typeof SESSION_VALUE_FIELDS)[number];

/** Fields matched by "contains": their values are the distinct texts stored, lower-cased, without counts. */
export const TEXT_VALUE_FIELDS = ['url', 'start_url', 'referrer'] as const satisfies readonly SessionValueField[];

export const SessionValuesQuery = Type.Object(
  {
    field: Type.Union(
      SESSION_VALUE_FIELDS.map((field) => Type.Literal(field)),
      { description: 'The filter of GET /v1/sessions whose values to list.' },
    ),
    q: Type.Optional(
      Type.String({ maxLength: 2048, description: 'Only values containing this text, case-insensitive.' }),
    ),
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        description: "With `field=visitor_param`: the values of this parameter. Without it, the parameters' names.",
      }),
    ),
    website_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: "Count only this website's sessions; `url`, `start_url` and `referrer` list the account's texts.",
      }),
    ),
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
  },
  { additionalProperties: false },
);

export const SessionValue = Type.Object({
  value: Type.String({
    description:
      "Exactly as the filter takes it: a parameter's name for `visitor_param` without `name`; lower-cased text " +
      'for `url`, `start_url`, `referrer` and `tag`, which match case-insensitively.',
  }),
  sessions: Type.Optional(
    Type.Integer({
      description:
        'Sessions with this value that started since `since`. Absent for `url`, `start_url` and `referrer`, ' +
        'whose values are listed shortest first.',
    }),
  ),
});

export const SessionValues = Type.Object({
  field: Type.String(),
  since: Type.Integer({
    description:
      'Start of the counted days (Unix seconds): the UTC day 30 days ago, as `date_from=TODAY-30DAYS&tz=UTC`.',
  }),
  values: Type.Array(SessionValue, { description: 'Most sessions first, then by value.' }),
});

export type SessionValuesQueryInput = Static<typeof SessionValuesQuery>;
export type SessionValueResource = Static<typeof SessionValue>;
export type SessionValuesResource = Static<typeof SessionValues>;
