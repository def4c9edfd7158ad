import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createUserMutation, listUsersQueryKey } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** The answer carries the set-password link; it is never cached, only handed to the caller to show once. */
export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createUserMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listUsersQueryKey() }),
  });
}
