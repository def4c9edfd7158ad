import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createViewMutation, listViewsQueryKey } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useCreateViewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createViewMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listViewsQueryKey() }),
  });
}
