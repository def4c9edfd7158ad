import { describe, expect, it } from 'vitest';
import { draftOf, valuesOfDraft } from './filter-draft.ts';
import { FILTER_DEFINITIONS, describeFilter, readSessionFilters } from './session-filters.ts';

const duration = FILTER_DEFINITIONS.find((definition) => definition.id === 'duration')!;
const engagement = FILTER_DEFINITIONS.find((definition) => definition.id === 'engagement')!;

describe('durations in the largest unit they are whole numbers of', () => {
  it.each([
    [{ duration_min: '600' }, 'Duration: at least 10 min'],
    [{ duration_min: '90' }, 'Duration: at least 90 s'],
    [{ duration_max: '7200' }, 'Duration: at most 2 h'],
    [{ duration_min: '0', duration_max: '3600' }, 'Duration: 0–1 h'],
    [{ duration_min: '0' }, 'Duration: at least 0 s'],
    [{ duration_min: '60', duration_max: '5400' }, 'Duration: 1–90 min'],
  ])('%o reads "%s"', (filters, chip) => {
    expect(describeFilter(duration, filters)).toBe(chip);
  });

  it('opens the editor in that unit and gives back seconds, rounding to the second', () => {
    const draft = draftOf(duration, { duration_min: '600' });
    expect(draft).toEqual({ duration_min: '10', duration_max: '', unit: 'min' });
    expect(valuesOfDraft(duration, { ...draft, duration_min: '1.51' })).toEqual({
      ok: true,
      values: { duration_min: '91', duration_max: undefined },
    });
    expect(valuesOfDraft(duration, { ...draft, duration_min: 'ten' })).toEqual({
      ok: false,
      error: 'Enter from 0 to 525,600 min.',
    });
  });

  it('leaves a range without units as it is', () => {
    expect(describeFilter(engagement, { engagement_min: '80' })).toBe('Engagement: at least 80 of 100');
    expect(draftOf(engagement, { engagement_min: '80' })).toEqual({ engagement_min: '80', engagement_max: '' });
  });

  it('takes any score from 0 to 100, as the API does, and says so otherwise', () => {
    expect(valuesOfDraft(engagement, { engagement_min: '33.333', engagement_max: '' })).toEqual({
      ok: true,
      values: { engagement_min: '33.333', engagement_max: undefined },
    });
    expect(valuesOfDraft(engagement, { engagement_min: '100.5', engagement_max: '' })).toEqual({
      ok: false,
      error: 'Enter from 0 to 100.',
    });
  });
});

describe('a visitor parameter', () => {
  const visitorParam = FILTER_DEFINITIONS.find((definition) => definition.id === 'visitor_param')!;

  it('needs both a name and the value it must have', () => {
    expect(valuesOfDraft(visitorParam, { name: 'plan', value: ' pro ' })).toEqual({
      ok: true,
      values: { visitor_param: 'plan=pro' },
    });
    expect(valuesOfDraft(visitorParam, { name: 'plan', value: '  ' })).toEqual({
      ok: false,
      error: 'Enter the value the parameter must have.',
    });
    expect(valuesOfDraft(visitorParam, { name: '', value: 'pro' })).toEqual({
      ok: false,
      error: 'Enter a parameter name without “=”.',
    });
  });
});

describe('a device type in the address', () => {
  it('is read in any case as one of the types the API takes, and dropped otherwise', () => {
    expect(readSessionFilters(new URLSearchParams('device=Mobile'))).toEqual({ device: 'mobile' });
    expect(readSessionFilters(new URLSearchParams('device=TABLET&browser=Chrome'))).toEqual({
      device: 'tablet',
      browser: 'Chrome',
    });
    expect(readSessionFilters(new URLSearchParams('device=phone'))).toEqual({});
  });
});
