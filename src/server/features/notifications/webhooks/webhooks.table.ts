export interface WebhooksTable {
  account_id: string;
  id: string;
  website_id: string;
  url: string;
  version: string;
  enabled: number;
  /** Signing secret (Standard Webhooks `whsec_` form). Never leaves the server through the public API. */
  secret: string;
  /** The secret before the last rotation, which still signs until `previous_secret_expires_at`; stored as `secret` is. */
  previous_secret: string | null;
  /** Unix milliseconds after which `previous_secret` no longer signs. */
  previous_secret_expires_at: number | null;
  /** Unix seconds. */
  created_at: number;
  created_by: string;
  /** Unix milliseconds of the first failure since the last success, or null while healthy. */
  failing_since: number | null;
  disabled_reason: string | null;
  /** Unix milliseconds of the first successful delivery; null while none has succeeded. */
  first_delivered_at: number | null;
}
