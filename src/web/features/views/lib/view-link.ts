/** Parameters of the sessions address that are not part of what a view shows. */
const NOT_VIEW_PARAMS = new Set(['page', 'size', 'session']);

function normalised(params: URLSearchParams): string {
  const entries = [...params].filter(([key]) => !NOT_VIEW_PARAMS.has(key)).sort(([a], [b]) => a.localeCompare(b));
  return new URLSearchParams(entries).toString();
}

/** The sessions page's address for a saved view. */
export function viewHref(query: Record<string, string>): string {
  const search = normalised(new URLSearchParams(query));
  return search ? `/sessions?${search}` : '/sessions';
}

/** Whether the sessions page at `search` shows exactly this view (whatever page of it). */
export function isViewShown(query: Record<string, string>, pathname: string, search: string): boolean {
  return pathname === '/sessions' && normalised(new URLSearchParams(query)) === normalised(new URLSearchParams(search));
}
