import { describe, expect, it } from 'vitest';
import { lookupFilter, readVisitorLookup, searchedText, writeVisitorPage } from './visitor-lookup.ts';

describe('visitor lookup URL', () => {
  it('reads the e-mail or visitor id the app bar search put there', () => {
    expect(readVisitorLookup(new URLSearchParams('email=%20Ana%40example.com%20'))).toEqual({
      email: 'Ana@example.com',
      visitorId: '',
      websiteId: '',
      page: 0,
      size: 25,
    });
    expect(lookupFilter(readVisitorLookup(new URLSearchParams('visitor_id=v_5weuf71hw4&website_id=w')))).toEqual({
      visitor_id: 'v_5weuf71hw4',
      website_id: 'w',
    });
  });

  it('reads a visitor id no id can be as text to find people by, not as a lookup', () => {
    const params = new URLSearchParams('visitor_id=Elena+Jonson');
    const lookup = readVisitorLookup(params);
    expect(lookup.visitorId).toBe('');
    expect(searchedText(params, lookup)).toBe('Elena Jonson');
    const named = new URLSearchParams('q=%20Sofia%20');
    expect(searchedText(named, readVisitorLookup(named))).toBe('Sofia');
    const both = new URLSearchParams('visitor_id=v_5weuf71hw4&q=Sofia');
    expect(searchedText(both, readVisitorLookup(both))).toBe('');
  });

  it('ignores a page or size the API would refuse', () => {
    const lookup = readVisitorLookup(new URLSearchParams('email=a@b.c&page=10001&size=500'));
    expect([lookup.page, lookup.size]).toEqual([0, 25]);
  });

  it('writes the page, leaving defaults out, and starts again on a new size', () => {
    const base = new URLSearchParams('email=a@b.c');
    const lookup = readVisitorLookup(base);
    expect(writeVisitorPage(base, lookup, 2, 25).toString()).toBe('email=a%40b.c&page=2');
    expect(writeVisitorPage(base, lookup, 2, 50).toString()).toBe('email=a%40b.c&size=50');
    expect(writeVisitorPage(new URLSearchParams('email=a@b.c&page=2'), { ...lookup, page: 2 }, 0, 25).toString()).toBe(
      'email=a%40b.c',
    );
  });
});
