import { describe, expect, it } from 'vitest';
import { isViewShown, viewHref } from './view-link.ts';

describe('saved view links', () => {
  it('opens the sessions page with the view parameters', () => {
    expect(viewHref({ sort: '-duration', country: 'DE' })).toBe('/sessions?country=DE&sort=-duration');
    expect(viewHref({})).toBe('/sessions');
  });

  it('counts a view as shown whatever the page, size or open session, in any parameter order', () => {
    const query = { country: 'DE', sort: '-duration' };
    expect(isViewShown(query, '/sessions', '?sort=-duration&page=2&country=DE&session=s1')).toBe(true);
    expect(isViewShown(query, '/sessions', '?country=DE')).toBe(false);
    expect(isViewShown(query, '/sessions', '?country=DE&sort=-duration&has_errors=true')).toBe(false);
    expect(isViewShown(query, '/visitors', '?country=DE&sort=-duration')).toBe(false);
  });
});
