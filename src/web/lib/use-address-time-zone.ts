import { useSearchParams } from 'react-router';
import { resolveTimeZone } from './time-zones.ts';

/** The zone this page shows times in, from its address (`tz`) or the person's preference, and any refused value. */
export function useAddressTimeZone() {
  const [params] = useSearchParams();
  return resolveTimeZone(params.get('tz'));
}
