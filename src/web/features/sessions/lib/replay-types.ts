import type { GetSessionEventsResponse, GetSessionRecordingResponse } from '../../../../api/client/types.gen.ts';

export type SessionRecording = GetSessionRecordingResponse;
export type SessionEvent = GetSessionEventsResponse['events'][number];
