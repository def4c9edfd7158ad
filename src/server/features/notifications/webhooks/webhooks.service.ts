import crypto from 'node:crypto';
import type {
  CreateWebhookInput,
  CreatedWebhookResource,
  UpdateWebhookInput,
  WebhookResource,
} from '../../../../api/schemas/webhooks.ts';
import type { Db } from '../../../db/database.ts';
import { errors } from '../../../errors.ts';
import { checkWebhookUrl } from '../../../lib/address-guard.ts';
import { characterCount } from '../../../lib/characters.ts';
import { newId } from '../../../lib/ids.ts';
import { listAlertsUsingWebhook, setFlagOfAlertsUsingWebhook } from '../alerts/alerts.repository.ts';
import { findWebsite } from '../../websites/websites.service.ts';
import {
  type WebhookWithWebsiteRow,
  deleteWebhookRow,
  findWebhookRow,
  findWebhookWithWebsite,
  insertWebhook,
  listWebhooksWithWebsite,
  updateWebhookRow,
  updateWebhookSecrets,
} from './webhooks.repository.ts';
import { previousSecretExpiresAt, rotatedSecrets } from './signing-secrets.ts';
import { startsAfresh, webhookHealth } from './webhook-health.ts';

export interface WebhookPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
}

const toUnixSeconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

export function toWebhookResource(row: WebhookWithWebsiteRow, now = Date.now()): WebhookResource {
  return {
    webhook_id: row.id,
    url: row.url,
    website: row.website_name,
    website_id: row.website_id,
    version: row.version as WebhookResource['version'],
    enabled: row.enabled === 1,
    created_date: row.created_at,
    created_by: row.created_by,
    failing_since: toUnixSeconds(row.failing_since),
    disabled_reason: row.disabled_reason,
    health: webhookHealth({
      enabled: row.enabled === 1,
      failingSince: row.failing_since,
      hasDelivered: row.first_delivered_at !== null,
      now,
    }).state,
    previous_secret_expires_at: toUnixSeconds(previousSecretExpiresAt(row, now)),
  };
}

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
function newSigningSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

async function checkTarget(
  db: Db,
  accountId: string,
  input: { url: string; website_id: string },
  policy: WebhookPolicy,
) {
  const check = await checkWebhookUrl(input.url.trim(), policy);
  if (!check.ok) throw errors.validation(check.code, check.message, 'url');
  const url = check.url.toString();
  // Normalising can lengthen a URL (percent-encoding), so the limit is checked on what is stored.
  if (characterCount(url) > 2048) throw errors.validation('too_long', 'url must be at most 2048 characters', 'url');
  if (!(await findWebsite(db, accountId, input.website_id))) {
    throw errors.validation('unknown_website', `No website ${input.website_id} in this account`, 'website_id');
  }
  return url;
}

async function requireWebhook(db: Db, accountId: string, webhookId: string): Promise<WebhookResource> {
  const row = await findWebhookWithWebsite(db, accountId, webhookId);
  if (!row) throw errors.notFound('Webhook');
  return toWebhookResource(row);
}

export async function createWebhook(
  db: Db,
  accountId: string,
  input: CreateWebhookInput,
  createdBy: string,
  policy: WebhookPolicy,
): Promise<CreatedWebhookResource> {
  const url = await checkTarget(db, accountId, input, policy);
  const id = newId('whk');
  const secret = newSigningSecret();
  await insertWebhook(db, {
    account_id: accountId,
    id,
    website_id: input.website_id,
    url,
    version: input.version,
    enabled: 1,
    secret,
    previous_secret: null,
    previous_secret_expires_at: null,
    created_at: Math.floor(Date.now() / 1000),
    created_by: createdBy,
    failing_since: null,
    disabled_reason: null,
    first_delivered_at: null,
  });
  return { ...(await requireWebhook(db, accountId, id)), secret };
}

export async function updateWebhook(
  db: Db,
  accountId: string,
  webhookId: string,
  input: UpdateWebhookInput,
  policy: WebhookPolicy,
): Promise<WebhookResource> {
  const stored = await requireWebhook(db, accountId, webhookId);
  const url = await checkTarget(db, accountId, input, policy);
  const reEnabled = startsAfresh(stored.enabled, input.enabled);
  await db.transaction().execute(async (trx) => {
    await updateWebhookRow(trx, accountId, webhookId, {
      url,
      website_id: input.website_id,
      version: input.version,
      enabled: input.enabled === undefined ? Number(stored.enabled) : Number(input.enabled),
      ...(reEnabled ? { failing_since: null, disabled_reason: null } : {}),
    });
    if (reEnabled) await setFlagOfAlertsUsingWebhook(trx, accountId, webhookId, null);
  });
  return requireWebhook(db, accountId, webhookId);
}

export async function listWebhooks(db: Db, accountId: string): Promise<WebhookResource[]> {
  const now = Date.now();
  return (await listWebhooksWithWebsite(db, accountId)).map((row) => toWebhookResource(row, now));
}

export async function deleteWebhook(
  db: Db,
  accountId: string,
  webhookId: string,
): Promise<{ webhook_id: string; deleted: true }> {
  await requireWebhook(db, accountId, webhookId);
  const users = await listAlertsUsingWebhook(db, accountId, webhookId);
  if (users.length > 0) {
    const names = users.map((alert) => `"${alert.name}" (${alert.id})`).join(', ');
    throw errors.conflict(
      'webhook_in_use',
      `The webhook is used by ${users.length === 1 ? 'alert' : 'alerts'} ${names}; point them elsewhere first`,
    );
  }
  if (!(await deleteWebhookRow(db, accountId, webhookId))) throw errors.notFound('Webhook');
  return { webhook_id: webhookId, deleted: true };
}

export async function revealWebhookSecret(db: Db, accountId: string, webhookId: string) {
  const row = await findWebhookRow(db, accountId, webhookId);
  if (!row) throw errors.notFound('Webhook');
  return { webhook_id: webhookId, secret: row.secret };
}

/**
 * Replaces the signing secret. The one it replaces keeps signing beside it for a day (only the latest
 * one: a second rotation drops the secret before it); the answer says until when, never what it is.
 */
export async function rotateWebhookSecret(db: Db, accountId: string, webhookId: string) {
  const row = await findWebhookRow(db, accountId, webhookId);
  if (!row) throw errors.notFound('Webhook');
  const secrets = rotatedSecrets(row.secret, newSigningSecret(), Date.now());
  if (!(await updateWebhookSecrets(db, accountId, webhookId, secrets))) throw errors.notFound('Webhook');
  return {
    webhook_id: webhookId,
    secret: secrets.secret,
    previous_secret_expires_at: toUnixSeconds(secrets.previous_secret_expires_at),
  };
}
