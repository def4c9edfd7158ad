import { describe, expect, it } from 'vitest';
import { rollupFor } from './session-rollup.ts';

describe('rollupFor', () => {
  const place = { accountId: 'a', websiteId: 'w', from: 10, to: 20 };

  it('counts account, website and dates from the hourly totals', () => {
    expect(rollupFor(place)).toEqual({ facet: null });
    expect(rollupFor({ accountId: 'a', from: null, to: null })).toEqual({ facet: null });
  });

  it('counts one property or one yes/no signal from the facet rollup; "no" is the total without the "yes"', () => {
    expect(rollupFor({ ...place, device: 'mobile' })).toEqual({
      facet: { name: 'device', value: 'mobile', negated: false },
    });
    expect(rollupFor({ ...place, utmCampaign: 'winter' })?.facet?.name).toBe('utm_campaign');
    expect(rollupFor({ ...place, hasErrors: true })).toEqual({
      facet: { name: 'has_errors', value: '1', negated: false },
    });
    expect(rollupFor({ ...place, seen: false })).toEqual({ facet: { name: 'seen', value: '1', negated: true } });
  });

  it('leaves two narrowing filters, ranges, contains-filters and people to the rows', () => {
    expect(rollupFor({ ...place, device: 'mobile', os: 'iOS' })).toBeNull();
    expect(rollupFor({ ...place, durationMin: 10 })).toBeNull();
    expect(rollupFor({ ...place, url: 'checkout' })).toBeNull();
    expect(rollupFor({ ...place, identified: true })).toBeNull();
    expect(rollupFor({ ...place, emailLower: 'a@b.c' })).toBeNull();
    expect(rollupFor({ ...place, device: '' })).toBeNull();
  });
});
