import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createAlertMutation, listAlertsQueryKey } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useCreateAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createAlertMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listAlertsQueryKey() }),
  });
}
