import { describe, expect, it } from 'vitest';
import { parseVisitorQuery } from './parse-visitor-query.ts';

describe('parseVisitorQuery', () => {
  it('opens the visitor page for an e-mail, trimmed', () => {
    expect(parseVisitorQuery('  ana@example.com ')).toBe('/visitors?email=ana%40example.com');
  });

  it('looks up text that can be a visitor id as one', () => {
    expect(parseVisitorQuery('v_5weuf71hw4gsycov')).toBe('/visitors?visitor_id=v_5weuf71hw4gsycov');
    expect(parseVisitorQuery('3f2a9c1e-77b0-4d7e-9a51-0c6b2f1d8e44')).toBe(
      '/visitors?visitor_id=3f2a9c1e-77b0-4d7e-9a51-0c6b2f1d8e44',
    );
  });

  it('finds people by any other text: a name, or text too short or spaced to be an id', () => {
    expect(parseVisitorQuery('Zebulon Quackenbush')).toBe('/visitors?q=Zebulon+Quackenbush');
    expect(parseVisitorQuery('Zebulon')).toBe('/visitors?q=Zebulon');
    expect(parseVisitorQuery("O'Brien")).toBe('/visitors?q=O%27Brien');
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
