export interface UsersTable {
  account_id: string;
  id: string;
  /** Lower-cased; unique across accounts because people sign in with it alone. */
  email: string;
  name: string;
  role: string;
  /** argon2id, in the PHC string format. */
  password_hash: string;
  created_at: number;
}

export interface LoginSessionsTable {
  account_id: string;
  /** SHA-256 of the cookie's value; the value itself is never stored. */
  id_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface PasswordLinksTable {
  /** SHA-256 of the link's secret; the secret itself is only ever in the link. */
  token_hash: string;
  account_id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}
