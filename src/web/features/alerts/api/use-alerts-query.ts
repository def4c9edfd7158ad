import { useQuery } from '@tanstack/react-query';
import { listAlertsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** The account's alerts, oldest first. */
export function useAlertsQuery() {
  return useQuery(listAlertsOptions());
}
