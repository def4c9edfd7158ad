import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteUserMutation, listUsersQueryKey } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** Refused with 409 `last_admin` when it would leave the account without an admin. */
export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteUserMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listUsersQueryKey() }),
  });
}
