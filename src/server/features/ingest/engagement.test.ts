import { describe, expect, it } from 'vitest';
import { type EngagementInput, engagementScore } from './engagement.ts';

const idle: EngagementInput = {
  duration: 0,
  activeTime: 0,
  pageViews: 1,
  clicks: 0,
  rageClicks: 0,
  errorClicks: 0,
  errorLogs: 0,
  netErrors: 0,
};

describe('engagementScore', () => {
  it('is 0 for a single page view with no time on it', () => {
    expect(engagementScore(idle)).toBe(0);
  });

  it('follows the documented formula', () => {
    const input = { ...idle, duration: 300, activeTime: 150, pageViews: 4, clicks: 12 };
    const depth =
      0.3 * (Math.log(300 / 5) / Math.log(7200 / 5)) +
      0.25 * (1 - Math.exp(-3 / 5)) +
      0.2 * (1 - Math.exp(-12 / 15)) +
      0.25 * 0.5;
    expect(engagementScore(input)).toBe(Math.round(100 * depth * 10) / 10);
  });

  it('rises with time, pages, clicks and active share', () => {
    const base = { ...idle, duration: 120, activeTime: 30, pageViews: 2, clicks: 3 };
    const score = engagementScore(base);
    expect(engagementScore({ ...base, duration: 600, activeTime: 150 })).toBeGreaterThan(score);
    expect(engagementScore({ ...base, pageViews: 6 })).toBeGreaterThan(score);
    expect(engagementScore({ ...base, clicks: 20 })).toBeGreaterThan(score);
    expect(engagementScore({ ...base, activeTime: 120 })).toBeGreaterThan(score);
  });

  it('subtracts frustration, at most half the scale', () => {
    const engaged = { ...idle, duration: 7200, activeTime: 7200, pageViews: 100, clicks: 500 };
    expect(engagementScore(engaged)).toBe(100);
    expect(engagementScore({ ...engaged, rageClicks: 1 })).toBe(94);
    expect(engagementScore({ ...engaged, errorClicks: 1, errorLogs: 2, netErrors: 1 })).toBe(100 - 4 - 3 - 3);
    expect(engagementScore({ ...engaged, rageClicks: 50 })).toBe(50);
  });

  it('stays within 0 to 100 with one decimal', () => {
    for (const input of [
      { ...idle, duration: 10, rageClicks: 9 },
      { ...idle, duration: 1e9, activeTime: 1e9, pageViews: 1e6, clicks: 1e6 },
      { ...idle, duration: 45, activeTime: 90, pageViews: 0 },
    ]) {
      const score = engagementScore(input);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
      expect(Math.round(score * 10)).toBe(score * 10);
    }
  });
});
