import { ADMIN_PERMISSION, type Permission, type Role, SCOPES } from '../../api/schemas/common.ts';

/** What each role may do; the server checks these the same way it checks a token's scopes. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: [...SCOPES, ADMIN_PERMISSION],
  // Analysts browse sessions by website, so they read the website list too.
  analyst: ['users.sessions:read', 'alerts:read', 'webhooks:read', 'websites:read'],
  support: ['users.sessions:read', 'websites:read'],
};
