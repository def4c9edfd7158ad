export interface WebsitesTable {
  account_id: string;
  id: string;
  host: string;
  name: string;
  created_at: number;
}
