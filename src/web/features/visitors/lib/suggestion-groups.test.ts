import { describe, expect, it } from 'vitest';
import type { VisitorSuggestion } from '../api/use-visitor-suggestions-query.ts';
import { groupSuggestions } from './suggestion-groups.ts';

const person = (id: string, matchedBy: VisitorSuggestion['matched_by']): VisitorSuggestion => ({
  id,
  name: '',
  email: '',
  session_count: 1,
  last_session_timestamp: 1,
  matched_by: matchedBy,
});

describe('groupSuggestions', () => {
  it('lists each kind together, the kinds as first found, each in the order found', () => {
    const found = [
      person('e1', 'email'),
      person('n1', 'name'),
      person('e2', 'email'),
      person('n2', 'name'),
      person('i1', 'id'),
      person('n3', 'name'),
    ];
    expect(groupSuggestions(found).map((suggestion) => suggestion.id)).toEqual(['e1', 'e2', 'n1', 'n2', 'n3', 'i1']);
  });

  it('keeps an exact id or a session first', () => {
    const found = [person('s', 'session'), person('n1', 'name'), person('e1', 'email')];
    expect(groupSuggestions(found).map((suggestion) => suggestion.id)).toEqual(['s', 'n1', 'e1']);
    expect(groupSuggestions([])).toEqual([]);
  });
});
