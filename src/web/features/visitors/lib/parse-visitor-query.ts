/**
 * Where a search should go: a session link opens the session, an e-mail or anything else opens the visitor
 * lookup. Returns null for blank input.
 */
export function parseVisitorQuery(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const sessionPath = /\/sessions\/([^/?#\s]+)/.exec(text);
  if (sessionPath?.[1] && (text.startsWith('http') || text.startsWith('/'))) {
    return `/sessions/${sessionPath[1]}`;
  }
  const kind = text.includes('@') ? 'email' : 'visitor_id';
  return `/visitors?${new URLSearchParams({ [kind]: text }).toString()}`;
}
