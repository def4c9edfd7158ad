import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getAccountSettingsQueryKey,
  updateAccountSettingsMutation,
} from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useUpdateAccountSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateAccountSettingsMutation(),
    onSuccess: (settings) => queryClient.setQueryData(getAccountSettingsQueryKey(), settings),
  });
}
