import { DEFAULT_SESSION_SORT, type SessionSort, type SessionSortKey } from '../../../api/schemas/sessions-query.ts';

export type SortColumn =
  | 'creation_timestamp'
  | 'duration'
  | 'active_time'
  | 'engagement_score'
  | 'page_views'
  | 'error_logs'
  | 'rage_clicks'
  | 'error_clicks';

const COLUMNS: Record<SessionSortKey, SortColumn> = {
  start: 'creation_timestamp',
  duration: 'duration',
  active_time: 'active_time',
  engagement: 'engagement_score',
  page_views: 'page_views',
  errors: 'error_logs',
  rage_clicks: 'rage_clicks',
  error_clicks: 'error_clicks',
};

/** A list order: one column, then id, both in the same direction, so every row has one place. */
export interface SessionOrder {
  column: SortColumn;
  descending: boolean;
}

export function parseSessionSort(sort: SessionSort | undefined): SessionOrder {
  const value = sort ?? DEFAULT_SESSION_SORT;
  const descending = value.startsWith('-');
  const key = (descending ? value.slice(1) : value) as SessionSortKey;
  return { column: COLUMNS[key], descending };
}
