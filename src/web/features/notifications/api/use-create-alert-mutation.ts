import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createAlertMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { alertKeys } from './use-alerts-query.ts';

export function useCreateAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createAlertMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
