import { useQuery } from '@tanstack/react-query';
import { getMeOptions } from '../../../api/client/@tanstack/react-query.gen.ts';

/**
 * Whether the signed-in person may read sessions (undefined until known). Same query and freshness as
 * the app shell's, so it is answered from the cache; the server enforces the same rule.
 */
export function useCanReadSessions(): boolean | undefined {
  const { data } = useQuery({ ...getMeOptions(), staleTime: 5 * 60_000, retry: false });
  return data?.permissions.includes('users.sessions:read');
}
