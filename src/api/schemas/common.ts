import { Type } from 'typebox';

export const ERROR_TYPES = [
  'validation_error',
  'authentication_error',
  'authorization_error',
  'not_found_error',
  'conflict_error',
  'rate_limit_error',
  'api_error',
] as const;

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      type: Type.Enum(ERROR_TYPES),
      code: Type.String({ description: 'Stable, for programs.' }),
      param: Type.Optional(Type.String({ description: 'The offending field or query parameter, as a dotted path.' })),
      message: Type.String({ description: 'For people.' }),
      http_status_code: Type.Integer(),
      request_id: Type.String({ description: 'Equals the x-request-id response header.' }),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'The one error body of every route and status.' },
);

const errorRef = Type.Ref('ErrorEnvelope');

/** Response schemas every authenticated route shares besides its success. */
export const errorResponses = {
  400: errorRef,
  401: errorRef,
  403: errorRef,
  404: errorRef,
  409: errorRef,
  413: errorRef,
  415: errorRef,
  429: errorRef,
  500: errorRef,
  503: errorRef,
};

export const IdParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const SCOPES = [
  'alerts:read',
  'alerts:write',
  'webhooks:read',
  'webhooks:write',
  'users.sessions:read',
  'websites:read',
  'websites:write',
] as const;

export type Scope = (typeof SCOPES)[number];

/** Managing people, tokens and signing secrets: only admins, never an API token. */
export const ADMIN_PERMISSION = 'account:admin';
export type Permission = Scope | typeof ADMIN_PERMISSION;

export const ROLES = ['admin', 'analyst', 'support'] as const;
export type Role = (typeof ROLES)[number];
