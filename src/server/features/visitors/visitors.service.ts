import type {
  VisitorMatchResource,
  VisitorSearchQueryInput,
  VisitorSearchResultResource,
} from '../../../api/schemas/visitors.ts';
import { sessionIdInLink } from '../../../api/session-links.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { findSearchMatches, findVisitorOfSession } from './visitors.repository.ts';
import type { VisitorSummaryRow } from './visitors-search-shape.ts';

type MatchedBy = VisitorMatchResource['matched_by'];

/** The session id in a pasted session link (`sessionIdInLink`), decoded, or null when the text is not one. */
export function sessionIdFromLink(text: string): string | null {
  const id = sessionIdInLink(text);
  if (id === null) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return null;
  }
}

/**
 * The lists' items taken in turn, so that none crowds the others out of a short list ("jan" matches many
 * e-mails starting jandersson@ and many names starting Jan; a person may mean either).
 */
function alternate<T>(...lists: (readonly T[])[]): T[] {
  const merged: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let index = 0; index < longest; index += 1) {
    for (const list of lists) if (index < list.length) merged.push(list[index] as T);
  }
  return merged;
}

/**
 * Visitors for the app bar's search: a pasted session link or an exact visitor or session id first,
 * then e-mail matches, name matches (both case-insensitive; a person whose e-mail and name both match is an
 * e-mail match) and visitor id prefix matches in turn, each kind in its own order, with session counts.
 */
export async function searchVisitors(
  db: Db,
  accountId: string,
  query: VisitorSearchQueryInput,
): Promise<VisitorSearchResultResource> {
  const text = query.q.trim();
  // Spaces alone are refused like no text at all (as the sessions list's e-mail is), not answered with nobody.
  if (text === '') throw errors.validation('too_short', 'q must not be blank', 'q');
  const found: { row: VisitorSummaryRow; matchedBy: MatchedBy }[] = [];
  const add = (matches: { row: VisitorSummaryRow | undefined; matchedBy: MatchedBy }[]) => {
    for (const { row, matchedBy } of matches) {
      if (row && !found.some((item) => item.row.id === row.id)) found.push({ row, matchedBy });
    }
  };
  const as = (matchedBy: MatchedBy) => (row: VisitorSummaryRow | undefined) => ({ row, matchedBy });
  const linked = sessionIdFromLink(text);
  if (linked !== null) add([as('session')(await findVisitorOfSession(db, accountId, linked))]);
  else {
    const { byId, bySession, byEmail, byName, byIdPrefix } = await findSearchMatches(db, accountId, text, query.limit);
    add([as('id')(byId), as('session')(bySession)]);
    // A visitor whose e-mail and name both start with the text is an e-mail match, listed with the e-mails.
    add(alternate(byEmail.map(as('email')), byName.map(as('name')), byIdPrefix.map(as('id'))));
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
