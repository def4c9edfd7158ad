import { isClientId } from '../../../../api/client-ids.ts';

/**
 * Where a search should go: a session link opens the session, an e-mail or a visitor id the visitor lookup,
 * and any other text (a name, or too short or spaced to be an id) the people whose name, e-mail or id starts
 * with it. Returns null for blank input.
 */
export function parseVisitorQuery(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  // The session's page, or the sessions list with the session open, as the address bar shows either.
  const sessionPath =
    /\/sessions\/([^/?#\s]+)/.exec(text) ?? /\/sessions\/?\?(?:[^#\s]*&)?session=([^&#\s]+)/.exec(text);
  if (sessionPath?.[1] && (text.startsWith('http') || text.startsWith('/'))) {
    return `/sessions/${sessionPath[1]}`;
  }
  const kind = text.includes('@') ? 'email' : isClientId(text) ? 'visitor_id' : 'q';
  return `/visitors?${new URLSearchParams({ [kind]: text }).toString()}`;
}
