/** The paths the API answers; every other GET for a page is the dashboard's. */
export const API_PREFIXES = ['/v1/', '/docs', '/healthz', '/readyz'];

/** Whether `url` (a path with its query string) is one of the API's rather than a dashboard page. */
export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}
