import { Type, type Static } from 'typebox';
import { CHUNK_ENCODINGS, RECORDING_LIMITS } from '../recording-limits.ts';

const selector = Type.String({
  minLength: 1,
  maxLength: RECORDING_LIMITS.selectorLength,
  pattern: '^[^{}<>\\u0000-\\u001f]+$',
  description: 'A CSS selector.',
});
const queryParam = Type.String({
  minLength: 1,
  maxLength: RECORDING_LIMITS.queryParamLength,
  pattern: '^[^\\u0000-\\u001f&=#]+$',
});

const settingsFields = {
  enabled: Type.Boolean({ description: "Record this website's sessions." }),
  sample_rate: Type.Integer({
    minimum: 0,
    maximum: 100,
    description: 'Percent of sessions recorded, decided once per session.',
  }),
  mask_all_inputs: Type.Boolean({
    description: 'Mask what is typed in every field. Password fields are masked whatever this says.',
  }),
  mask_all_text: Type.Boolean({ description: "Mask the page's text as well." }),
  mask_selectors: Type.Array(selector, {
    maxItems: RECORDING_LIMITS.selectors,
    description: 'Elements whose text and input are masked; `[data-sa-mask]` always is.',
  }),
  block_selectors: Type.Array(selector, {
    maxItems: RECORDING_LIMITS.selectors,
    description:
      'Elements left out of the recording (a placeholder of their size is shown); `[data-sa-block]` always is.',
  }),
  strip_query_params: Type.Array(queryParam, {
    maxItems: RECORDING_LIMITS.queryParams,
    description: 'Query parameters removed from recorded URLs (case-insensitive).',
  }),
  respect_gpc: Type.Boolean({ description: 'Do not record visitors whose browser sends Global Privacy Control.' }),
};

export const RecordingSettings = Type.Object({ website_id: Type.String(), ...settingsFields });

export const RecordingSettingsUpdate = Type.Partial(Type.Object(settingsFields, { additionalProperties: false }), {
  additionalProperties: false,
});

/** What the tracker is told about recording, by public key. */
export const TrackerConfig = Type.Object({ recording: Type.Object(settingsFields) });

export const TrackerConfigQuery = Type.Object(
  { key: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

const clientId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });

export const RecordingChunkQuery = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 100, description: "The website's public key." }),
    visitor_id: clientId,
    session_id: clientId,
    chunk: Type.Integer({
      minimum: 0,
      maximum: RECORDING_LIMITS.maxChunkIndex,
      description: 'Chunk number within the session.',
    }),
    encoding: Type.Enum(CHUNK_ENCODINGS, { description: 'How the body is compressed.' }),
    sent_at: Type.Integer({
      minimum: 0,
      maximum: 8_640_000_000_000_000,
      description: 'Unix milliseconds, client clock.',
    }),
  },
  { additionalProperties: false },
);

export const RecordingChunkAccepted = Type.Object({
  stored_bytes: Type.Integer(),
  duplicate: Type.Optional(
    Type.Boolean({ description: 'Present and true when this chunk number was already received.' }),
  ),
});

export const NO_REPLAY_REASONS = ['recorded', 'recording_off', 'expired', 'not_recorded'] as const;

export const RecordingChunk = Type.Object({
  index: Type.Integer(),
  first_event_at: Type.Integer({ description: 'Unix milliseconds.' }),
  last_event_at: Type.Integer({ description: 'Unix milliseconds.' }),
  compressed_bytes: Type.Integer(),
  url: Type.String({ description: 'Path of the chunk: a JSON array of rrweb events, sent gzip-encoded.' }),
});

export const SessionRecording = Type.Object({
  session_id: Type.String(),
  has_recording: Type.Boolean(),
  status: Type.Enum(NO_REPLAY_REASONS, {
    description:
      '`recorded`; or why there is no replay: `recording_off` (the website does not record), `expired` ' +
      '(past expiration_timestamp), `not_recorded` (not sampled, Global Privacy Control, or recorded before recording existed).',
  }),
  expiration_timestamp: Type.Integer({ description: 'Unix seconds.' }),
  clock_offset_ms: Type.Integer({
    description: "Server clock minus the visitor's: add it to rrweb timestamps to compare them with event times.",
  }),
  chunks: Type.Array(RecordingChunk),
});

export const ChunkParams = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    index: Type.Integer({ minimum: 0, maximum: RECORDING_LIMITS.maxChunkIndex }),
  },
  { additionalProperties: false },
);

export const RetentionPolicy = Type.Object({
  days: Type.Integer({
    minimum: 1,
    maximum: 3650,
    description: 'Recordings, events and delivery history older than this are deleted.',
  }),
});

export type RecordingSettingsResource = Static<typeof RecordingSettings>;
export type RecordingSettingsUpdateInput = Static<typeof RecordingSettingsUpdate>;
export type RecordingChunkQueryInput = Static<typeof RecordingChunkQuery>;
export type SessionRecordingResource = Static<typeof SessionRecording>;
export type NoReplayReason = (typeof NO_REPLAY_REASONS)[number];
