/**
 * The session id in a link to a session, as written in the link (still percent-encoded), or null when the
 * text holds none: the session's own page (`…/sessions/<id>`) or the sessions list with the session open
 * (`…/sessions?…session=<id>`), as the address bar shows either. Shared by the people search (server) and
 * the app bar's search (dashboard). A plain module, importable without TypeBox.
 */
export function sessionIdInLink(text: string): string | null {
  const match = /\/sessions\/([^/?#\s]+)/.exec(text) ?? /\/sessions\/?\?(?:[^#\s]*&)?session=([^&#\s]+)/.exec(text);
  return match?.[1] ?? null;
}
