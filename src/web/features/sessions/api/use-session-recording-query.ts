import { useQuery } from '@tanstack/react-query';
import { getSessionRecordingOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** The session's recording: the chunks to fetch, or why there is none. Shared by the route's loader. */
export function sessionRecordingQueryOptions(sessionId: string) {
  return { ...getSessionRecordingOptions({ path: { id: sessionId } }), staleTime: 60_000 };
}

export function useSessionRecordingQuery(sessionId: string) {
  return useQuery(sessionRecordingQueryOptions(sessionId));
}
