import { useQuery } from '@tanstack/react-query';
import { getWebhookSecretOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** The signing secret is fetched only once someone asks to see it (`enabled`), never with the list. */
export function useWebhookSecretQuery(webhookId: string, enabled: boolean) {
  return useQuery({ ...getWebhookSecretOptions({ path: { id: webhookId } }), enabled, staleTime: Infinity });
}
