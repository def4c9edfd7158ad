export interface SavedViewsTable {
  account_id: string;
  id: string;
  /** `user:<id>` or `token:<id>`: who created the view. */
  owner_key: string;
  name: string;
  /** JSON object of the sessions list's query parameters. */
  query: string;
  shared: number;
  created_at: number;
  updated_at: number;
}
