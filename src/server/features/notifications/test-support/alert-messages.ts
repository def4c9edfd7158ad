import { type AlertJson, listAlerts } from '../../../test/alerts-and-webhooks.ts';
import type { TestAccount, TestContext } from '../../../test/harness.ts';
import type { DeliveryBody } from '../outbox/delivery-payload.ts';

/** The messages an alert has put in the outbox, oldest first. */
export async function outboxMessagesOf(ctx: TestContext, alertId: string): Promise<DeliveryBody[]> {
  const rows = await ctx.database.db
    .selectFrom('outbox_messages')
    .select(['payload'])
    .where('alert_id', '=', alertId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as DeliveryBody);
}

/** An alert as the list route returns it, with the fields the caller's test reads. */
export async function listedAlert<Alert extends AlertJson>(
  ctx: TestContext,
  account: TestAccount,
  alertId: string,
): Promise<Alert> {
  const alert = (await listAlerts(ctx, account)).find((candidate) => candidate.alert_id === alertId);
  if (!alert) throw new Error(`alert ${alertId} not listed`);
  return alert as Alert;
}
