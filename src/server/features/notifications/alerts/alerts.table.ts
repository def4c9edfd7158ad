export interface AlertsTable {
  account_id: string;
  id: string;
  name: string;
  /** JSON array of {kind, value}. */
  events: string;
  provider: string;
  chat_channel_id: string | null;
  webhook_id: string | null;
  enabled: number;
  /** Unix milliseconds. */
  created_at: number;
  /** Unix milliseconds of the last event that matched. */
  last_fired_at: number | null;
  /** Why the alert needs attention (its webhook was disabled), or null. */
  flagged_reason: string | null;
}
