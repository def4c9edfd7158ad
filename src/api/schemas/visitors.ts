import { Type, type Static } from 'typebox';

export const VisitorSearchQuery = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: 2048,
      description:
        'An e-mail prefix (case-insensitive); the start of a name or of any of its words (without accents, in any ' +
        'case), or the starts of its first word and others in any order ("garcia ana" and "ana garcia" find Ana María ' +
        'López García); a visitor id or its first characters; or a session link (or session id) pasted from the ' +
        'dashboard.',
    }),
    limit: Type.Integer({ minimum: 1, maximum: 20, default: 8 }),
  },
  { additionalProperties: false },
);

export const VisitorMatch = Type.Object({
  id: Type.String(),
  name: Type.String({ description: 'Empty when unknown.' }),
  email: Type.String({ description: 'Empty when unknown.' }),
  session_count: Type.Integer({ description: "The number of the visitor's sessions." }),
  last_session_timestamp: Type.Integer(),
  matched_by: Type.Union([Type.Literal('session'), Type.Literal('id'), Type.Literal('email'), Type.Literal('name')]),
});

export const VisitorSearchResult = Type.Object({ visitors: Type.Array(VisitorMatch) });

export type VisitorSearchQueryInput = Static<typeof VisitorSearchQuery>;
export type VisitorMatchResource = Static<typeof VisitorMatch>;
export type VisitorSearchResultResource = Static<typeof VisitorSearchResult>;
