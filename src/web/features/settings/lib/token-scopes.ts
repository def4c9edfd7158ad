import type { ApiToken } from '../../../../api/client/types.gen.ts';

export type Scope = ApiToken['scopes'][number];

/** Every scope a token can carry, in the order people read them, with what it allows. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'alerts:read': 'List alerts',
  'alerts:write': 'Create, change and delete alerts',
  'webhooks:read': 'List webhooks',
  'webhooks:write': 'Register, change and delete webhooks',
  'users.sessions:read': 'Read sessions and the visitors in them',
  'websites:read': 'List websites',
  'websites:write': 'Add and change websites',
};

export const SCOPES = Object.keys(SCOPE_DESCRIPTIONS) as Scope[];
