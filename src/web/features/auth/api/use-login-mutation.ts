import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryKey, loginMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...loginMutation(),
    onSuccess: (me) => {
      queryClient.clear();
      queryClient.setQueryData(getMeQueryKey(), me);
    },
  });
}
