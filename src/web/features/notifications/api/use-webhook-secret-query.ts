import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWebhookSecret } from '../../../../api/client/sdk.gen.ts';
import { webhookKeys } from '../../../lib/api/webhooks-query.ts';

/** A secret only changes when rotated, and rotation puts the new one in the cache itself. */
export const webhookSecretQueryOptions = (webhookId: string) =>
  queryOptions({
    queryKey: webhookKeys.secret(webhookId),
    queryFn: async ({ signal }) =>
      (await getWebhookSecret({ path: { id: webhookId }, signal, throwOnError: true })).data,
    staleTime: Infinity,
  });

/** The signing secret is fetched only once someone asks to see it (`enabled`), never with the list. */
export function useWebhookSecretQuery(webhookId: string, enabled: boolean) {
  return useQuery({ ...webhookSecretQueryOptions(webhookId), enabled });
}
