export interface IngestBatchesTable {
  account_id: string;
  website_id: string;
  /** Chosen by the tracker; a batch sent twice is recorded once. */
  batch_id: string;
  received_at: number;
}

export interface SessionEventsTable {
  account_id: string;
  id: string;
  session_id: string;
  kind: number;
  /** Unix milliseconds. */
  occurred_at: number;
  /** JSON: the event's own details. */
  data: string;
}
