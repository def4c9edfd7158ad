import { isClientId } from '../../../../api/client-ids.ts';
import { sessionIdInLink } from '../../../../api/session-links.ts';

/**
 * Where a search should go: a session link opens the session, an e-mail or a visitor id the visitor lookup,
 * and any other text (a name, or too short or spaced to be an id) the people whose name, e-mail or id starts
 * with it. Returns null for blank input.
 */
export function parseVisitorQuery(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const sessionId = sessionIdInLink(text);
  if (sessionId !== null && (text.startsWith('http') || text.startsWith('/'))) return `/sessions/${sessionId}`;
  const kind = text.includes('@') ? 'email' : isClientId(text) ? 'visitor_id' : 'q';
  return `/visitors?${new URLSearchParams({ [kind]: text }).toString()}`;
}
