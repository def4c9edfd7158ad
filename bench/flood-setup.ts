/**
 * The flood bench's alert, made as an admin would: an API token, then a webhook pointing at the bench's
 * receiver and an alert on JavaScript errors with a quiet period, through the real API. `remove` deletes
 * them with everything the run wrote.
 */
import { EVENT_KIND as K } from '../src/api/event-catalogue.ts';
import type { Db } from '../src/server/db/database.ts';
import { createApiToken } from '../src/server/features/tokens/tokens.service.ts';
import { deleteDeliveryRows, deleteIngested } from './cleanup.ts';

export interface FloodAlert {
  alertId: string;
  webhookId: string;
  secret: string;
}

export interface FloodSetup {
  token: string;
  create(baseUrl: string, receiverUrl: string, quietMinutes: number): Promise<FloodAlert>;
  remove(alert: FloodAlert | null): Promise<void>;
}

export async function floodSetup(
  db: Db,
  website: { account_id: string; id: string },
  prefix: string,
): Promise<FloodSetup> {
  const accountId = website.account_id;
  const { token, summary } = await createApiToken(db, {
    accountId,
    name: `${prefix}admin`,
    scopes: ['webhooks:read', 'webhooks:write', 'alerts:read', 'alerts:write'],
  });
  const post = async <T>(url: string, body: unknown): Promise<T> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  return {
    token,
    async create(baseUrl, receiverUrl, quietMinutes) {
      const webhook = await post<{ webhook_id: string; secret: string }>(`${baseUrl}/v1/webhooks`, {
        url: receiverUrl,
        website_id: website.id,
        version: 'v1.0',
      });
      const alert = await post<{ alert_id: string }>(`${baseUrl}/v1/alerts`, {
        name: 'Flood: checkout TypeError',
        events: [{ kind: K.jsError, value: 'TypeError' }],
        provider: 'webhooks',
        webhook_id: webhook.webhook_id,
        quiet_period_minutes: quietMinutes,
      });
      return { alertId: alert.alert_id, webhookId: webhook.webhook_id, secret: webhook.secret };
    },
    async remove(alert) {
      if (alert) await deleteDeliveryRows(db, accountId, alert.alertId, alert.webhookId);
      await deleteIngested(db, accountId, prefix);
      await db
        .deleteFrom('api_tokens')
        .where('account_id', '=', accountId)
        .where('id', '=', summary.token_id)
        .execute();
    },
  };
}
