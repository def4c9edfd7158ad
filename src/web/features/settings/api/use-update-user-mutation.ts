import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listUsersQueryKey, updateUserMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { meQueryOptions } from '../../../lib/api/me-query.ts';

/** Refused with 409 `last_admin` when it would leave the account without an admin. */
export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateUserMutation(),
    // Changing one's own role changes what one may do, so who-am-I is reloaded too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listUsersQueryKey() }),
        queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
      ]),
  });
}
