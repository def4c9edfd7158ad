import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAlertMutation, listAlertsQueryKey } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useDeleteAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteAlertMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listAlertsQueryKey() }),
  });
}
