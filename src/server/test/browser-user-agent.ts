/**
 * A real browser's User-Agent for requests that stand for a visitor's page. Ingestion stores nothing
 * for known bots, and the test client's own User-Agent ("lightMyRequest") is one of them.
 */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36';
