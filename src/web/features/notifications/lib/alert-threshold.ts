/** The threshold fields of the alert form: their checks, the API fields they become, and their wording. */
import type { Alert } from '../../../../api/client/types.gen.ts';
import { ALERT_THRESHOLD } from '../../../../api/event-catalogue.ts';

export interface ThresholdInput {
  threshold_on: boolean;
  threshold_count: string;
  threshold_window_minutes: string;
}

function wholeNumberIn(text: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** Messages by field for a threshold switched on with values out of bounds; empty when it is fine. */
export function thresholdErrors(input: ThresholdInput): Partial<Record<keyof ThresholdInput, string>> {
  if (!input.threshold_on) return {};
  const errors: Partial<Record<keyof ThresholdInput, string>> = {};
  const { minCount, maxCount, minWindowMinutes, maxWindowMinutes } = ALERT_THRESHOLD;
  if (wholeNumberIn(input.threshold_count, minCount, maxCount) === null)
    errors.threshold_count = `Enter a whole number from ${minCount} to ${maxCount}`;
  if (wholeNumberIn(input.threshold_window_minutes, minWindowMinutes, maxWindowMinutes) === null)
    errors.threshold_window_minutes = `Enter minutes from ${minWindowMinutes} to ${maxWindowMinutes}`;
  return errors;
}

/** The API's two fields: both numbers, or both null when the threshold is off (or not valid yet). */
export function thresholdOf(input: ThresholdInput): {
  threshold_count: number | null;
  threshold_window_minutes: number | null;
} {
  if (!input.threshold_on || Object.keys(thresholdErrors(input)).length > 0)
    return { threshold_count: null, threshold_window_minutes: null };
  return {
    threshold_count: Number(input.threshold_count),
    threshold_window_minutes: Number(input.threshold_window_minutes),
  };
}

/** "5 matches within 10 minutes", or null without a threshold. */
export function describeThreshold(alert: Pick<Alert, 'threshold_count' | 'threshold_window_minutes'>): string | null {
  const count = alert.threshold_count;
  const minutes = alert.threshold_window_minutes;
  if (count == null || minutes == null) return null;
  return `${count} matches within ${minutes === 1 ? '1 minute' : `${minutes} minutes`}`;
}
