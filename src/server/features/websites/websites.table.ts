export interface WebsitesTable {
  account_id: string;
  id: string;
  host: string;
  name: string;
  created_at: number;
  /** Identifies the website to the tracker snippet; public by design. */
  public_key: string;
  description: string;
}
