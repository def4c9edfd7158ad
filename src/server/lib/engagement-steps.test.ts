import { describe, expect, it } from 'vitest';
import { highestEngagementUpTo, lowestEngagementFrom, roundEngagement } from './engagement-steps.ts';

describe('engagement bounds as the tenths scores are kept in', () => {
  it('takes a minimum up to the first tenth at or above it', () => {
    expect(lowestEngagementFrom(40)).toBe(40);
    expect(lowestEngagementFrom(40.0000001)).toBe(40.1);
    expect(lowestEngagementFrom(1e-300)).toBe(0.1);
    expect(lowestEngagementFrom(0)).toBe(0);
    expect(lowestEngagementFrom(0.7)).toBe(0.7);
    expect(lowestEngagementFrom(12.34)).toBe(12.4);
    expect(lowestEngagementFrom(100)).toBe(100);
  });

  it('takes a maximum down to the last tenth at or below it', () => {
    expect(highestEngagementUpTo(77.3)).toBe(77.3);
    expect(highestEngagementUpTo(77.2999999)).toBe(77.2);
    expect(highestEngagementUpTo(0.3)).toBe(0.3);
    expect(highestEngagementUpTo(1e-300)).toBe(0);
    expect(highestEngagementUpTo(100)).toBe(100);
  });

  it('keeps every tenth from 0 to 100 as it is, as ingest rounds it', () => {
    for (let step = 0; step <= 1000; step += 1) {
      const score = roundEngagement(step / 10);
      expect(lowestEngagementFrom(score)).toBe(score);
      expect(highestEngagementUpTo(score)).toBe(score);
    }
  });
});
