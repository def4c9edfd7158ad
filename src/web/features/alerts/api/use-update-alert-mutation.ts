import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listAlertsQueryKey, updateAlertMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useUpdateAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateAlertMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listAlertsQueryKey() }),
  });
}
