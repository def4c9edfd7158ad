import { roundEngagement } from '../../lib/engagement-steps.ts';

/** Gaps between a session's events up to this long count as active time. */
export const ACTIVE_GAP_MS = 30_000;

/** What a session's visitor did, as the engagement score sees it. Times in seconds. */
export interface EngagementInput {
  duration: number;
  activeTime: number;
  pageViews: number;
  clicks: number;
  rageClicks: number;
  errorClicks: number;
  errorLogs: number;
  netErrors: number;
}

const MIN_DURATION = 5;
const MAX_DURATION = 7200;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Engagement score, 0 to 100, one decimal; the same shape the demo data is drawn with.
 *
 *   depth   = 0.30 × clamp(ln(duration / 5 s) / ln(7200 s / 5 s), 0, 1)     how long (log scale, 5 s to 2 h)
 *           + 0.25 × (1 − e^(−(page_views − 1) / 5))                         how far they went
 *           + 0.20 × (1 − e^(−clicks / 15))                                  how much they did
 *           + 0.25 × active_time / duration                                  how much of it was active
 *   penalty = min(0.5, 0.06 × rage_clicks + 0.04 × error_clicks + 0.015 × error_logs + 0.03 × net_errors)
 *   score   = round(clamp(100 × (depth − penalty), 0, 100), 1 decimal)
 */
export function engagementScore(input: EngagementInput): number {
  const duration = Math.max(0, input.duration);
  const lengthShare =
    duration <= MIN_DURATION
      ? 0
      : clamp(Math.log(duration / MIN_DURATION) / Math.log(MAX_DURATION / MIN_DURATION), 0, 1);
  const activeShare = duration > 0 ? clamp(input.activeTime / duration, 0, 1) : 0;
  const depth =
    0.3 * lengthShare +
    0.25 * (1 - Math.exp(-Math.max(0, input.pageViews - 1) / 5)) +
    0.2 * (1 - Math.exp(-Math.max(0, input.clicks) / 15)) +
    0.25 * activeShare;
  const penalty = Math.min(
    0.5,
    0.06 * input.rageClicks + 0.04 * input.errorClicks + 0.015 * input.errorLogs + 0.03 * input.netErrors,
  );
  return roundEngagement(clamp(100 * (depth - penalty), 0, 100));
}
