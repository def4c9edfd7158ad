import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createTokenMutation, listTokensQueryKey } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** The answer carries the token itself; it is never cached, only handed to the caller to show once. */
export function useCreateTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createTokenMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listTokensQueryKey() }),
  });
}
