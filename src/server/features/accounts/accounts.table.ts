export interface AccountsTable {
  id: string;
  name: string;
  created_at: number;
  /** 1: visitors' addresses are stored truncated (/24, /48). */
  ip_truncation: number;
}
