import { useQuery } from '@tanstack/react-query';
import { listWebhooksOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** The account's webhooks, to pick one as a target and to show targets by URL. */
export function useWebhooksQuery({ enabled }: { enabled: boolean }) {
  return useQuery({ ...listWebhooksOptions(), enabled });
}
