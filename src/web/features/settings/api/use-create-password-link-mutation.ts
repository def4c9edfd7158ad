import { useMutation } from '@tanstack/react-query';
import { createPasswordLinkMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** A new one-time set-password link for a person; never cached, only handed to the caller to show once. */
export function useCreatePasswordLinkMutation() {
  return useMutation(createPasswordLinkMutation());
}
