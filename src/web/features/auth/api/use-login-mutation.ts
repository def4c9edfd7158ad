import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { meQueryOptions } from '../../../lib/api/me-query.ts';

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...loginMutation(),
    onSuccess: (me) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions().queryKey, me);
    },
  });
}
