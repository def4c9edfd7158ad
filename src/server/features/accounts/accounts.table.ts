export interface AccountsTable {
  id: string;
  name: string;
  created_at: number;
}
