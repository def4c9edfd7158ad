import type {
  VisitorMatchResource,
  VisitorSearchQueryInput,
  VisitorSearchResultResource,
} from '../../../api/schemas/visitors.ts';
import type { Db } from '../../db/database.ts';
import {
  type VisitorSummaryRow,
  findVisitorById,
  findVisitorOfSession,
  findVisitorsByEmailPrefix,
  findVisitorsByNamePrefix,
} from './visitors.repository.ts';

type MatchedBy = VisitorMatchResource['matched_by'];

/** The session id in a pasted session link (`…/sessions/<id>`), or null when the text is not one. */
export function sessionIdFromLink(text: string): string | null {
  const match = /\/sessions\/([^/?#\s]+)/.exec(text);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * Visitors for the app bar's search: a pasted session link or an exact visitor or session id first,
 * then e-mail prefixes, then name prefixes (both case-insensitive), each visitor once, with session counts.
 */
export async function searchVisitors(
  db: Db,
  accountId: string,
  query: VisitorSearchQueryInput,
): Promise<VisitorSearchResultResource> {
  const text = query.q.trim();
  const found: { row: VisitorSummaryRow; matchedBy: MatchedBy }[] = [];
  const add = (rows: (VisitorSummaryRow | undefined)[], matchedBy: MatchedBy) => {
    for (const row of rows) {
      if (row && !found.some((item) => item.row.id === row.id)) found.push({ row, matchedBy });
    }
  };
  if (text !== '') {
    const linked = sessionIdFromLink(text);
    if (linked !== null) add([await findVisitorOfSession(db, accountId, linked)], 'session');
    else {
      const lower = text.toLowerCase();
      const [byId, bySession, byEmail, byName] = await Promise.all([
        findVisitorById(db, accountId, text),
        findVisitorOfSession(db, accountId, text),
        findVisitorsByEmailPrefix(db, accountId, lower, query.limit),
        findVisitorsByNamePrefix(db, accountId, lower, query.limit),
      ]);
      add([byId], 'id');
      add([bySession], 'session');
      add(byEmail, 'email');
      add(byName, 'name');
    }
  }
  const matches = found.slice(0, query.limit);
  return {
    visitors: matches.map(({ row, matchedBy }) => ({
      id: row.id,
      name: row.name ?? '',
      email: row.email ?? '',
      session_count: Number(row.session_count),
      last_session_timestamp: row.last_session_timestamp,
      matched_by: matchedBy,
    })),
  };
}
