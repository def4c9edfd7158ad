import type { SessionEventPageResource, SessionEventsQueryInput } from '../../../api/schemas/session-events.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { type EventPosition, findRecentEventsOfKinds, findSessionEvents } from './session-events.repository.ts';
import { findSessionBrief } from './sessions.repository.ts';

function encodeCursor(position: EventPosition): string {
  return Buffer.from(`${position.occurredAt}:${position.id}`).toString('base64url');
}

function decodeCursor(cursor: string): EventPosition {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,16}):([A-Za-z0-9_]{1,64})$/.exec(text);
  if (!match?.[1] || !match[2])
    throw errors.validation('invalid_cursor', 'cursor is not a next_cursor this API gave', 'cursor');
  return { occurredAt: Number(match[1]), id: match[2] };
}

/** One page of a session's events in time order (ties by id), narrowed to `kinds` when given. */
export async function listSessionEvents(
  db: Db,
  accountId: string,
  sessionId: string,
  query: SessionEventsQueryInput,
): Promise<SessionEventPageResource> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (!(await findSessionBrief(db, accountId, sessionId))) throw errors.notFound('Session');
  const kinds = query.kinds === undefined ? null : [...new Set(query.kinds.split(',').map(Number))];
  const rows = await findSessionEvents(db, { accountId, sessionId, kinds, after, limit: query.size + 1 });
  const page = rows.slice(0, query.size);
  const last = page.at(-1);
  return {
    events: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      time: row.occurred_at,
      details: JSON.parse(row.data) as Record<string, unknown>,
    })),
    next_cursor: rows.length > query.size && last ? encodeCursor({ occurredAt: last.occurred_at, id: last.id }) : null,
  };
}

/** A stored event as other features read it: kind, Unix milliseconds, and its details as JSON text. */
export interface StoredEvent {
  kind: number;
  occurredAt: number;
  data: string;
}

/** The newest (at most `limit`) of an account's events of `kinds` since `since`, newest first. */
export async function recentEventsOfKinds(
  db: Db,
  filter: { accountId: string; kinds: readonly number[]; since: number; websiteId: string | null; limit: number },
): Promise<StoredEvent[]> {
  if (filter.kinds.length === 0) return [];
  const rows = await findRecentEventsOfKinds(db, filter);
  return rows.map((row) => ({ kind: row.kind, occurredAt: Number(row.occurred_at), data: row.data }));
}
