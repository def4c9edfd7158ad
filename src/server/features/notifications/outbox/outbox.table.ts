export type OutboxStatus = 'pending' | 'delivered' | 'failed';

export interface OutboxMessagesTable {
  account_id: string;
  /** Also the `webhook-id` header: the same on every attempt, so receivers can drop duplicates. */
  id: string;
  alert_id: string;
  webhook_id: string | null;
  chat_channel_id: string | null;
  /** JSON body of the delivery. */
  payload: string;
  status: OutboxStatus;
  attempts: number;
  /** Unix milliseconds. */
  next_attempt_at: number;
  /** A worker's claim: no other worker takes the message before this time (Unix milliseconds). */
  locked_until: number | null;
  locked_by: string | null;
  created_at: number;
  delivered_at: number | null;
  last_error: string | null;
}

export interface DeliveryAttemptsTable {
  account_id: string;
  id: string;
  message_id: string;
  /** Unix milliseconds. */
  attempted_at: number;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  next_attempt_at: number | null;
}
