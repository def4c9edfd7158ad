/** A website's recording settings; a website without a row records with the defaults. */
export interface RecordingSettingsTable {
  account_id: string;
  website_id: string;
  enabled: number;
  /** Percent of sessions recorded, 0 to 100. */
  sample_rate: number;
  mask_all_inputs: number;
  mask_all_text: number;
  /** JSON arrays of strings. */
  mask_selectors: string;
  block_selectors: string;
  strip_query_params: string;
  respect_gpc: number;
  updated_at: number;
}

/** How long an account keeps recordings, events and delivery history; no row means the default. */
export interface RetentionPoliciesTable {
  account_id: string;
  days: number;
}

/** One numbered chunk of a session's rrweb events, stored gzip-compressed. */
export interface RecordingChunksTable {
  account_id: string;
  session_id: string;
  chunk_index: number;
  website_id: string;
  data: Buffer;
  compressed_bytes: number;
  raw_bytes: number;
  /** Unix milliseconds (client clock, as rrweb stamps events). */
  first_event_at: number;
  last_event_at: number;
  /** Unix milliseconds, server clock. */
  received_at: number;
  /** Server clock minus the visitor's clock when the chunk was sent: moves chunk times onto the events' clock. */
  clock_offset_ms: number;
  expires_at: number;
}
