import { describe, expect, it } from 'vitest';
import { alertPreviewBody } from './alert-preview-body.ts';
import { describeAlert } from './alert-rules.ts';
import { describeThreshold, thresholdErrors, thresholdOf } from './alert-threshold.ts';

const on = { threshold_on: true, threshold_count: '5', threshold_window_minutes: '10' };
const off = { ...on, threshold_on: false };

describe('the threshold fields', () => {
  it('check their bounds only when switched on', () => {
    expect(thresholdErrors(off)).toEqual({});
    expect(thresholdErrors({ ...off, threshold_count: 'x' })).toEqual({});
    expect(thresholdErrors(on)).toEqual({});
    expect(thresholdErrors({ ...on, threshold_count: '1', threshold_window_minutes: '1441' })).toEqual({
      threshold_count: 'Enter a whole number from 2 to 1000',
      threshold_window_minutes: 'Enter minutes from 1 to 1440',
    });
    expect(thresholdErrors({ ...on, threshold_count: '2.5' })).toHaveProperty('threshold_count');
  });

  it('become both numbers or both null', () => {
    expect(thresholdOf(on)).toEqual({ threshold_count: 5, threshold_window_minutes: 10 });
    expect(thresholdOf(off)).toEqual({ threshold_count: null, threshold_window_minutes: null });
  });

  it('read as a phrase on the alert card', () => {
    expect(describeThreshold({ threshold_count: 5, threshold_window_minutes: 1 })).toBe('5 matches within 1 minute');
    expect(describeThreshold({ threshold_count: null, threshold_window_minutes: null })).toBeNull();
    const alert = {
      events: [{ kind: 25 as const, value: 'TypeError' }],
      provider: 'chat' as const,
      chat_channel_id: '#support',
      webhook_id: null,
    };
    expect(describeAlert({ ...alert, threshold_count: 5, threshold_window_minutes: 10 })).toBe(
      "JavaScript error containing 'TypeError', 5 matches within 10 minutes → chat #support",
    );
  });
});

describe('the preview request', () => {
  const rule = { events: [{ kind: 25 as const, value: '' }], provider: 'chat' as const, webhook_id: '', ...off };

  it('is the rule as the alert would fire, with its quiet period', () => {
    expect(alertPreviewBody(rule, 5)).toEqual({
      events: [{ kind: 25, value: '' }],
      webhook_id: null,
      quiet_period_minutes: 5,
      threshold_count: null,
      threshold_window_minutes: null,
    });
    expect(alertPreviewBody({ ...rule, provider: 'webhooks', webhook_id: 'whk_1', ...on }, undefined)).toEqual({
      events: [{ kind: 25, value: '' }],
      webhook_id: 'whk_1',
      threshold_count: 5,
      threshold_window_minutes: 10,
    });
  });

  it('is not made while the rule is incomplete', () => {
    expect(alertPreviewBody({ ...rule, events: [] }, 5)).toBeNull();
    expect(alertPreviewBody({ ...rule, events: [{ kind: 26, value: ' ' }] }, 5)).toBeNull();
    expect(alertPreviewBody({ ...rule, ...on, threshold_count: '0' }, 5)).toBeNull();
  });
});
