import { useMutation } from '@tanstack/react-query';
import { logoutMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** Signs out; the sign-in page the person lands on then empties the cache. */
export function useLogoutMutation() {
  return useMutation(logoutMutation());
}
