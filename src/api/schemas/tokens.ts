import { Type, type Static } from 'typebox';
import { SCOPES } from './common.ts';

const apiTokenProperties = {
  token_id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the token, to tell tokens apart.' }),
  scopes: Type.Array(Type.Enum(SCOPES)),
  created_at: Type.Integer(),
  last_used_at: Type.Union([Type.Integer(), Type.Null()]),
  expires_at: Type.Union([Type.Integer(), Type.Null()]),
  revoked_at: Type.Union([Type.Integer(), Type.Null()]),
};

export const ApiToken = Type.Object(apiTokenProperties, { $id: 'ApiToken' });
export const ApiTokenList = Type.Array(Type.Ref('ApiToken'));

export const CreateTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(Type.Enum(SCOPES), { minItems: 1, maxItems: SCOPES.length, uniqueItems: true }),
    expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  },
  { additionalProperties: false },
);

export const CreatedToken = Type.Object({
  ...apiTokenProperties,
  token: Type.String({ description: 'The token itself; shown this once and never again.' }),
});

export type ApiTokenResource = Static<typeof ApiToken>;
export type CreateTokenInput = Static<typeof CreateTokenBody>;
