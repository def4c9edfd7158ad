import { useMeQuery } from '../../lib/api/me-query.ts';

/**
 * Whether the signed-in person may read sessions (undefined until known). Answered from the app's one
 * who-am-I query; the server enforces the same rule.
 */
export function useCanReadSessions(): boolean | undefined {
  const { data } = useMeQuery();
  return data?.permissions.includes('users.sessions:read');
}
