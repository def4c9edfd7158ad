/**
 * What the quiet period suites share: the alert fields that tell what is held back, a JavaScript error that
 * their alerts match, and a way to let an alert's quiet period pass without waiting for it.
 */
import type { AlertJson } from '../../../test/alerts-and-webhooks.ts';
import type { TestContext } from '../../../test/harness.ts';

export type QuietAlert = AlertJson & {
  quiet_period_minutes: number;
  suppressed_count: number;
  suppressed_since: string | null;
};

export const JS_ERROR = { kind: 25, message: 'TypeError: total is undefined' };

/** Moves the alert's quiet period into the past, as if its minutes had gone by. */
export async function endQuietPeriod(ctx: TestContext, alertId: string): Promise<void> {
  const row = await ctx.database.db
    .selectFrom('alerts')
    .select(['notified_at', 'summary_due_at', 'quiet_period_minutes'])
    .where('id', '=', alertId)
    .executeTakeFirstOrThrow();
  const shift = row.quiet_period_minutes * 60_000 + 1;
  await ctx.database.db
    .updateTable('alerts')
    .set({
      notified_at: row.notified_at === null ? null : row.notified_at - shift,
      summary_due_at: row.summary_due_at === null ? null : row.summary_due_at - shift,
    })
    .where('id', '=', alertId)
    .execute();
}
