import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAlertMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { alertKeys } from './use-alerts-query.ts';

export function useDeleteAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteAlertMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
