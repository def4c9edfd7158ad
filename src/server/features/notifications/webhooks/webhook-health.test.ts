import { describe, expect, it } from 'vitest';
import { DISABLE_AFTER_FAILING_MS, FAILING_GRACE_MS, startsAfresh, webhookHealth } from './webhook-health.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('webhookHealth', () => {
  it('is succeeding with no failure since the last success', () => {
    expect(webhookHealth({ enabled: true, failingSince: null, hasDelivered: true, now: NOW })).toEqual({
      state: 'succeeding',
      disableOnFailure: false,
      targetFailing: false,
    });
  });

  it('says when it has never delivered, without counting that as failing', () => {
    expect(webhookHealth({ enabled: true, failingSince: null, hasDelivered: false, now: NOW })).toEqual({
      state: 'no_deliveries',
      disableOnFailure: false,
      targetFailing: false,
    });
  });

  it('is retrying for the first hour of failures, then failing, exactly when its alerts show their target failing', () => {
    const within = webhookHealth({ enabled: true, failingSince: NOW - FAILING_GRACE_MS, hasDelivered: true, now: NOW });
    expect(within).toEqual({ state: 'retrying', disableOnFailure: false, targetFailing: false });
    const past = webhookHealth({
      enabled: true,
      failingSince: NOW - FAILING_GRACE_MS - 1,
      hasDelivered: true,
      now: NOW,
    });
    expect(past).toEqual({ state: 'failing', disableOnFailure: false, targetFailing: true });
  });

  it('is disabled at the first failure once 3 days have gone by without a success', () => {
    const before = webhookHealth({
      enabled: true,
      failingSince: NOW - DISABLE_AFTER_FAILING_MS + 1,
      hasDelivered: false,
      now: NOW,
    });
    expect(before.disableOnFailure).toBe(false);
    const at = webhookHealth({
      enabled: true,
      failingSince: NOW - DISABLE_AFTER_FAILING_MS,
      hasDelivered: true,
      now: NOW,
    });
    expect(at).toEqual({ state: 'failing', disableOnFailure: true, targetFailing: true });
  });

  it('a disabled webhook is a failing target and is not disabled again', () => {
    expect(webhookHealth({ enabled: false, failingSince: null, hasDelivered: true, now: NOW })).toEqual({
      state: 'disabled',
      disableOnFailure: false,
      targetFailing: true,
    });
  });

  it('starts afresh only when switched from off to on', () => {
    expect(startsAfresh(false, true)).toBe(true);
    expect(startsAfresh(true, true)).toBe(false);
    expect(startsAfresh(false, undefined)).toBe(false);
    expect(startsAfresh(false, false)).toBe(false);
  });
});
