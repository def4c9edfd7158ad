import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteViewMutation, listViewsQueryKey } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useDeleteViewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteViewMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listViewsQueryKey() }),
  });
}
