import { useQuery } from '@tanstack/react-query';
import { getAccountSettingsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useAccountSettingsQuery() {
  return useQuery(getAccountSettingsOptions());
}
