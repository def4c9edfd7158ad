import { useMutation } from '@tanstack/react-query';
import { changeMyPasswordMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useChangePasswordMutation() {
  return useMutation(changeMyPasswordMutation());
}
