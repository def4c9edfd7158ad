import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAlertMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { alertKeys } from './use-alerts-query.ts';

export function useUpdateAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateAlertMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
