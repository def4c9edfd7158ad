import { describe, expect, it } from 'vitest';
import { rangeRollupFor } from './session-range-rollup.ts';
import { rollupFor, rollupSpans } from './session-rollup.ts';

describe('rollupFor', () => {
  const place = { accountId: 'a', websiteId: 'w', from: 10, to: 20 };

  it('counts account, website and dates from the hourly totals', () => {
    expect(rollupFor(place)).toEqual({ facet: null });
    expect(rollupFor({ accountId: 'a', from: null, to: null })).toEqual({ facet: null });
  });

  it('counts one property or one yes/no signal from the facet rollup; "no" is the total without the "yes"', () => {
    expect(rollupFor({ ...place, device: 'mobile' })).toEqual({
      facet: { name: 'device', values: ['mobile'], negated: false },
    });
    expect(rollupFor({ ...place, utmCampaign: 'winter' })?.facet?.name).toBe('utm_campaign');
    expect(rollupFor({ ...place, hasErrors: true })).toEqual({
      facet: { name: 'has_errors', values: ['1'], negated: false },
    });
    expect(rollupFor({ ...place, seen: false })).toEqual({ facet: { name: 'seen', values: ['1'], negated: true } });
    expect(rollupFor({ ...place, identified: false })).toEqual({
      facet: { name: 'identified', values: ['1'], negated: true },
    });
  });

  it('counts a start URL or referrer by the stored values containing it, a tag and a visitor parameter by value', () => {
    expect(rollupFor({ ...place, startUrl: '50%_Off' })).toEqual({
      facet: { name: 'start_url', values: [], negated: false, contains: '50%_Off' },
    });
    expect(rollupFor({ ...place, referrer: 'google' })?.facet?.contains).toBe('google');
    expect(rollupFor({ ...place, tag: 'VIP' })).toEqual({
      facet: { name: 'tag', values: ['VIP'], negated: false, lowered: true },
    });
    expect(rollupFor({ ...place, visitorParam: { name: 'plan', value: 'a=b' } })).toEqual({
      facet: { name: 'visitor_param', values: ['plan\u0001a=b'], negated: false },
    });
    // Only a parameter holding the separator itself could read like another one: the rows count it.
    expect(rollupFor({ ...place, visitorParam: { name: 'plan\u0001x', value: 'y' } })).toBeNull();
  });

  it('leaves two narrowing filters, ranges, the url filter and one person to the rows', () => {
    expect(rollupFor({ ...place, device: 'mobile', os: 'iOS' })).toBeNull();
    expect(rollupFor({ ...place, durationMin: 10 })).toBeNull();
    expect(rollupFor({ ...place, url: 'checkout' })).toBeNull();
    expect(rollupFor({ ...place, emailLower: 'a@b.c' })).toBeNull();
    expect(rollupFor({ ...place, device: '' })).toBeNull();
  });
});

describe('rangeRollupFor', () => {
  const place = { accountId: 'a', websiteId: 'w', from: 10, to: 20 };
  const values = (filter: Parameters<typeof rangeRollupFor>[0]) => rangeRollupFor(filter)?.facet.values;

  it('takes whole buckets from the rollup and leaves nothing over when the range starts on an edge', () => {
    const found = rangeRollupFor({ ...place, durationMin: 600 });
    expect(found?.facet.values).toEqual([
      '600',
      '601',
      '900',
      '901',
      '1200',
      '1201',
      '1800',
      '1801',
      '2700',
      '2701',
      '3600',
      '3601',
      '7200',
      '7201',
    ]);
    expect(found?.bands).toEqual([]);
    expect(values({ ...place, engagementMin: 80 })).toEqual(['80', '85', '90', '95', '100']);
  });

  it('counts what is left of the range at either end row by row', () => {
    // A round maximum has its own one-second bucket: only durations below the first edge (none,
    // unless one is negative) are left.
    const upTo20 = rangeRollupFor({ ...place, durationMax: 20 });
    expect(upTo20?.facet.values).toEqual(['0', '1', '5', '6', '10', '11', '20']);
    expect(upTo20?.bands).toEqual([{ ...place, durationMin: undefined, durationBelow: 0 }]);
    const between = rangeRollupFor({ ...place, durationMin: 25, durationMax: 50 });
    expect(between?.facet.values).toEqual(['30', '31', '45']);
    expect(between?.bands).toEqual([
      { ...place, durationMin: 25, durationBelow: 30 },
      { ...place, durationMin: 46, durationMax: 50 },
    ]);
    const scores = rangeRollupFor({ ...place, engagementMin: 82, engagementMax: 90.5 });
    expect(scores?.facet.values).toEqual(['85']);
    expect(scores?.bands).toEqual([
      { ...place, engagementMin: 82, engagementBelow: 85 },
      { ...place, engagementMin: 90, engagementMax: 90.5 },
    ]);
  });

  it('leaves a range holding no whole bucket, and a range beside other filters, to the rows', () => {
    expect(rangeRollupFor({ ...place, durationMin: 7, durationMax: 9 })).toBeNull();
    expect(rangeRollupFor({ ...place, engagementMin: 81, engagementMax: 84 })).toBeNull();
    expect(rangeRollupFor({ ...place, durationMin: 600, device: 'mobile' })).toBeNull();
    expect(rangeRollupFor({ ...place, durationMin: 600, engagementMin: 50 })).toBeNull();
    expect(rangeRollupFor(place)).toBeNull();
  });
});

describe('rollupSpans', () => {
  const DAY = 86_400;
  const midnight = 1_789_948_800;

  it('reads whole UTC days from the daily rollups and the hours at either end from the hourly ones', () => {
    expect(rollupSpans({ from: midnight - 3 * 3600, to: midnight + 2 * DAY + 5 * 3600 })).toEqual([
      { grain: 'day', from: midnight, to: midnight + 2 * DAY },
      { grain: 'hour', from: midnight - 3 * 3600, to: midnight },
      { grain: 'hour', from: midnight + 2 * DAY, to: midnight + 2 * DAY + 5 * 3600 },
    ]);
    expect(rollupSpans({ from: midnight, to: midnight + DAY })).toEqual([
      { grain: 'day', from: midnight, to: midnight + DAY },
    ]);
  });

  it('leaves open ends to the days, keeps a stretch inside one day hourly, and drops an empty one', () => {
    expect(rollupSpans({ from: null, to: null })).toEqual([{ grain: 'day', from: null, to: null }]);
    expect(rollupSpans({ from: null, to: midnight + 3600 })).toEqual([
      { grain: 'day', from: null, to: midnight },
      { grain: 'hour', from: midnight, to: midnight + 3600 },
    ]);
    expect(rollupSpans({ from: midnight + 3600, to: null })).toEqual([
      { grain: 'day', from: midnight + DAY, to: null },
      { grain: 'hour', from: midnight + 3600, to: midnight + DAY },
    ]);
    expect(rollupSpans({ from: midnight + 3600, to: midnight + DAY + 3600 })).toEqual([
      { grain: 'hour', from: midnight + 3600, to: midnight + DAY + 3600 },
    ]);
    expect(rollupSpans({ from: midnight + 3600, to: midnight + 3600 })).toEqual([]);
  });
});
