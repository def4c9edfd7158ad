export interface ApiTokensTable {
  account_id: string;
  id: string;
  name: string;
  /** First characters of the token, kept so people can tell tokens apart. */
  prefix: string;
  /** SHA-256 of the whole token, hex. The token itself is never stored. */
  token_hash: string;
  /** JSON array of scope names. */
  scopes: string;
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
}
