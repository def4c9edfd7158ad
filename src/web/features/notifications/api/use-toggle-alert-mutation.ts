import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAlertMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import type { Alert } from '../../../../api/client/types.gen.ts';
import { alertKeys } from './use-alerts-query.ts';

/** Switches an alert on or off at once in the list, and puts it back if the server refuses. */
export function useToggleAlertMutation() {
  const queryClient = useQueryClient();
  const queryKey = alertKeys.list();
  return useMutation({
    ...updateAlertMutation(),
    onMutate: async ({ path, body }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Alert[]>(queryKey);
      queryClient.setQueryData<Alert[]>(queryKey, (alerts) =>
        alerts?.map((alert) =>
          alert.alert_id === path.id && body.enabled !== undefined ? { ...alert, enabled: body.enabled } : alert,
        ),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
