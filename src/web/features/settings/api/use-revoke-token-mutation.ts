import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listTokensQueryKey, revokeTokenMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useRevokeTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...revokeTokenMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listTokensQueryKey() }),
  });
}
