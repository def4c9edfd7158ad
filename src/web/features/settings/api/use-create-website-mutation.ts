import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createWebsiteMutation } from '../../../../api/client/@tanstack/react-query.gen.ts';
import { websiteKeys } from '../../../lib/api/websites-query.ts';

/** Registers a website; the website list (shared with the website switcher) is refetched. */
export function useCreateWebsiteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createWebsiteMutation(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websiteKeys.all }),
  });
}
