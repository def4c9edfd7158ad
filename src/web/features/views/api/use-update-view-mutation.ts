import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateViewMutation, listViewsQueryKey } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useUpdateViewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateViewMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listViewsQueryKey() }),
  });
}
