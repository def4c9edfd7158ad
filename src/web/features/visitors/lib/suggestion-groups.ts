import type { VisitorSuggestion } from '../api/use-visitor-suggestions-query.ts';

type MatchedBy = VisitorSuggestion['matched_by'];

/** What each kind of match is headed by in the suggestions. */
export const MATCH_HEADINGS: Record<MatchedBy, string> = {
  session: 'Session',
  id: 'Visitor id',
  email: 'E-mail',
  name: 'Name',
};

/**
 * The suggestions each kind together, under one heading each: the kinds in the order the search first lists
 * them (an exact id or a session before the rest), each kind's people in the search's order. The search
 * takes e-mail, name and id matches in turn so none crowds the others out of a short list; shown in turn
 * they would read as no order at all.
 */
export function groupSuggestions(found: readonly VisitorSuggestion[]): VisitorSuggestion[] {
  const kinds = [...new Set(found.map((person) => person.matched_by))];
  return kinds.flatMap((kind) => found.filter((person) => person.matched_by === kind));
}
