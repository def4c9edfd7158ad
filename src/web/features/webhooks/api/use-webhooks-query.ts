import { useQuery } from '@tanstack/react-query';
import { listWebhooksOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useWebhooksQuery() {
  return useQuery(listWebhooksOptions());
}
