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
  /** Later matches within this many minutes of a message are held back and folded into the next one; 0 sends every match. */
  quiet_period_minutes: number;
  /** Unix milliseconds of the alert's last message: its quiet period runs from here. */
  notified_at: number | null;
  /** Matches held back since the last message. */
  suppressed_count: number;
  /** Unix milliseconds of the first match held back, or null. */
  suppressed_since: number | null;
  /** JSON {website_id, payload} of the latest match held back: the event a summary shows. */
  suppressed_event: string | null;
  /** Unix milliseconds at which held-back matches are due to go out as a summary, or null. */
  summary_due_at: number | null;
  /** Unix milliseconds until which matches send nothing and are not counted, or null. */
  snoozed_until: number | null;
  /** Fire only once this many matches happened within `threshold_window_minutes`; null: every match counts. */
  threshold_count: number | null;
  threshold_window_minutes: number | null;
  /** JSON array of the Unix milliseconds of the latest matches within the threshold's window, oldest first. */
  threshold_matches_at: string | null;
}
