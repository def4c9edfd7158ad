import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setPasswordWithLinkMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { meQueryOptions } from '../../../lib/api/me-query.ts';

/** Sets a password with a one-time link; the answer is the person, now signed in. */
export function useSetPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setPasswordWithLinkMutation(),
    onSuccess: (me) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions().queryKey, me);
    },
  });
}
