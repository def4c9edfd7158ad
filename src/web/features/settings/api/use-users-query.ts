import { useQuery } from '@tanstack/react-query';
import { listUsersOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useUsersQuery() {
  return useQuery(listUsersOptions());
}
