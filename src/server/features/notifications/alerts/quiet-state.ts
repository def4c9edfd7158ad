/** The quiet-period state of an alert row, and back. */
import type { AlertQuietState } from './alerts.repository.ts';
import type { AlertsTable } from './alerts.table.ts';
import { type QuietState, summaryDueAt } from './quiet-period.ts';

export function quietStateOf(row: AlertsTable): QuietState {
  return {
    quietPeriodMinutes: row.quiet_period_minutes,
    notifiedAt: row.notified_at,
    suppressedCount: row.suppressed_count,
    suppressedSince: row.suppressed_since,
  };
}

/** The columns to store; `heldEvent` is the latest match held back (kept while any is). */
export function quietColumns(state: QuietState, heldEvent: string | null): AlertQuietState {
  return {
    notified_at: state.notifiedAt,
    suppressed_count: state.suppressedCount,
    suppressed_since: state.suppressedSince,
    suppressed_event: state.suppressedCount > 0 ? heldEvent : null,
    summary_due_at: summaryDueAt(state),
  };
}
