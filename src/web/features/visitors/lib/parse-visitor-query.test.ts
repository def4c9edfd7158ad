import { describe, expect, it } from 'vitest';
import { parseVisitorQuery } from './parse-visitor-query.ts';

describe('parseVisitorQuery', () => {
  it('opens the visitor page for an e-mail, trimmed', () => {
    expect(parseVisitorQuery('  ana@example.com ')).toBe('/visitors?email=ana%40example.com');
  });

  it('treats anything else as a visitor id', () => {
    expect(parseVisitorQuery('v_5weuf71hw4gsycov')).toBe('/visitors?visitor_id=v_5weuf71hw4gsycov');
  });

  it('opens a session from its link', () => {
    expect(parseVisitorQuery('http://localhost:3457/sessions/s_jajag9yz19801fjemjl0')).toBe(
      '/sessions/s_jajag9yz19801fjemjl0',
    );
    expect(parseVisitorQuery('/sessions/s_1?tz=UTC')).toBe('/sessions/s_1');
  });

  it('ignores blank input', () => {
    expect(parseVisitorQuery('   ')).toBeNull();
  });
});
