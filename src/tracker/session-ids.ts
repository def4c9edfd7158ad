const VISITOR_KEY = 'sa_visitor';
const SESSION_KEY = 'sa_session';

/** A session ends after this long without an event. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

/** A random id such as `s_k3v9…` (20 base-36 characters, about 103 bits). */
export function randomId(prefix: string): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  let id = `${prefix}_`;
  for (const byte of bytes) id += (byte % 36).toString(36);
  return id;
}

export interface CurrentIds {
  visitorId: string;
  sessionId: string;
  /** True when this call began a new session. */
  started: boolean;
}

/**
 * The visitor id lives in localStorage (it outlives sessions), the session id and the time of its
 * last event in sessionStorage (one session per tab, ended by 30 minutes without events). Returns null
 * when either storage cannot be used (blocked cookies, some private modes): the tracker then records nothing.
 */
export function createSessionIds(local: Storage, session: Storage, now: () => number) {
  try {
    local.setItem('sa_probe', '1');
    local.removeItem('sa_probe');
    session.setItem('sa_probe', '1');
    session.removeItem('sa_probe');
  } catch {
    return null;
  }

  /** The ids for an event happening now; starts a new session after the idle time or for a new visitor. */
  function touch(): CurrentIds {
    const time = now();
    let visitorId = local.getItem(VISITOR_KEY);
    const newVisitor = !visitorId;
    if (!visitorId) {
      visitorId = randomId('v');
      local.setItem(VISITOR_KEY, visitorId);
    }
    // Stored as "<session id> <time of its last event>".
    const [storedId, lastAt] = (session.getItem(SESSION_KEY) ?? '').split(' ');
    const started = newVisitor || !storedId || !(time - Number(lastAt) <= SESSION_IDLE_MS);
    const sessionId = started || !storedId ? randomId('s') : storedId;
    session.setItem(SESSION_KEY, `${sessionId} ${time}`);
    return { visitorId, sessionId, started };
  }

  return { touch };
}
