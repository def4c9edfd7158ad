/** The threshold a request leaves an alert with: both fields set, or neither. */
import type { UpdateAlertInput } from '../../../../api/schemas/alerts.ts';
import { errors } from '../../../errors.ts';

export interface ThresholdColumns {
  threshold_count: number | null;
  threshold_window_minutes: number | null;
}

export const NO_THRESHOLD: ThresholdColumns = { threshold_count: null, threshold_window_minutes: null };

/**
 * Merges the fields a request sends over the stored ones (none on creation) and refuses a result with
 * only one of the two, naming the one missing.
 */
export function resolveThreshold(
  input: Pick<UpdateAlertInput, 'threshold_count' | 'threshold_window_minutes'>,
  stored: ThresholdColumns = NO_THRESHOLD,
): ThresholdColumns {
  const count = input.threshold_count === undefined ? stored.threshold_count : input.threshold_count;
  const windowMinutes =
    input.threshold_window_minutes === undefined ? stored.threshold_window_minutes : input.threshold_window_minutes;
  if (count !== null && windowMinutes === null) {
    throw errors.validation(
      'required',
      'threshold_window_minutes is required with threshold_count (set both, or both to null)',
      'threshold_window_minutes',
    );
  }
  if (count === null && windowMinutes !== null) {
    throw errors.validation(
      'required',
      'threshold_count is required with threshold_window_minutes (set both, or both to null)',
      'threshold_count',
    );
  }
  return { threshold_count: count, threshold_window_minutes: windowMinutes };
}

export function sameThreshold(a: ThresholdColumns, b: ThresholdColumns): boolean {
  return a.threshold_count === b.threshold_count && a.threshold_window_minutes === b.threshold_window_minutes;
}
