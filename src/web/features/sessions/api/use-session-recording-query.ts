import { useQuery } from '@tanstack/react-query';
import { getSessionRecordingOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** The session's recording: the chunks to fetch, or why there is none. */
export function useSessionRecordingQuery(sessionId: string) {
  return useQuery({ ...getSessionRecordingOptions({ path: { id: sessionId } }), staleTime: 60_000 });
}
