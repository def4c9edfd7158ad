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

/** The sessions list's columns a person or token chose to show or hide. */
export interface SessionColumnChoicesTable {
  account_id: string;
  /** `user:<id>` or `token:<id>`. */
  owner_key: string;
  /** JSON object: column name to whether it shows. */
  columns: string;
  updated_at: number;
}
