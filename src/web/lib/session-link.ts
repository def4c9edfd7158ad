/**
 * The dashboard route of a `session_url` the server built (`{PUBLIC_URL}/sessions/{id}?t=…`), so the
 * link opens in this app whatever host PUBLIC_URL names.
 */
export function sessionRouteOf(sessionUrl: string): string {
  const url = new URL(sessionUrl, window.location.origin);
  return `${url.pathname}${url.search}`;
}

/** The dashboard route of the session with this id. */
export function sessionPagePath(sessionId: string): string {
  return `/sessions/${encodeURIComponent(sessionId)}`;
}
