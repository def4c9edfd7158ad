/**
 * Summaries: when an alert's quiet period ends with matches held back, one message shows the latest
 * of them and folds in the others. The delivery worker sends them at each poll, so they survive a
 * restart: the count and the event wait on the alert's row until then.
 */
import type { Db } from '../../../db/database.ts';
import { alertMessageRow } from '../outbox/enqueue.ts';
import { insertMessages } from '../outbox/outbox.repository.ts';
import { listAlertsWithDueSummary, lockAlerts, saveAlertQuietState } from './alerts.repository.ts';
import { parseHeldEvent } from './held-event.ts';
import { dueSummary } from './quiet-period.ts';
import { quietColumns, quietStateOf } from './quiet-state.ts';

/** Writes the summary of one alert if it is still due once the alert is locked; true when a message was written. */
async function sendSummary(db: Db, accountId: string, alertId: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const [row] = await lockAlerts(trx, accountId, [alertId]);
    // Another worker may have sent it meanwhile: the state under the lock decides.
    const summary = row ? dueSummary(quietStateOf(row), now) : null;
    if (!row || !summary) return false;
    const held = row.suppressed_event === null ? null : parseHeldEvent(row.suppressed_event);
    const message = held
      ? alertMessageRow(
          row,
          { accountId, websiteId: held.website_id, payload: held.payload, folded: summary.folded },
          now,
        )
      : null;
    if (message) await insertMessages(trx, [message]);
    await saveAlertQuietState(trx, accountId, alertId, quietColumns(summary.state, null));
    return message !== null;
  });
}

/** Sends the summaries due at `now` (up to `limit`); resolves with how many messages were written. */
export async function sendDueSummaries(db: Db, now: number, limit: number): Promise<number> {
  let sent = 0;
  for (const alert of await listAlertsWithDueSummary(db, now, limit)) {
    if (await sendSummary(db, alert.account_id, alert.id, now)) sent += 1;
  }
  return sent;
}
