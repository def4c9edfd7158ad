import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logoutMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({ ...logoutMutation(), onSettled: () => queryClient.clear() });
}
