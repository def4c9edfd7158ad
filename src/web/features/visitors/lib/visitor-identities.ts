import type { Session } from '../../../../api/client/types.gen.ts';

/** One visitor id as seen in their sessions; name, e-mail and params are the newest session's. */
export interface VisitorIdentity {
  id: string;
  name: string | null;
  email: string | null;
  params: Session['visitor']['params'];
  firstSeen: number;
  lastSeen: number;
}

/** Groups sessions (newest first) by visitor id, newest visitor first; an empty name or e-mail is unknown. */
export function visitorIdentities(sessions: readonly Session[]): VisitorIdentity[] {
  const byId = new Map<string, VisitorIdentity>();
  for (const { visitor } of sessions) {
    const known = byId.get(visitor.id);
    if (known) {
      known.firstSeen = Math.min(known.firstSeen, visitor.first_session_timestamp);
      known.lastSeen = Math.max(known.lastSeen, visitor.last_session_timestamp);
      known.name ??= visitor.name || null;
      known.email ??= visitor.email || null;
      continue;
    }
    byId.set(visitor.id, {
      id: visitor.id,
      name: visitor.name || null,
      email: visitor.email || null,
      params: visitor.params,
      firstSeen: visitor.first_session_timestamp,
      lastSeen: visitor.last_session_timestamp,
    });
  }
  return [...byId.values()];
}
