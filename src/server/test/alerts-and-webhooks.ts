/**
 * Ready-made alerts and webhooks for the HTTP API suites: their request bodies, the JSON the API answers with,
 * and creating and listing them through the API.
 */
import { expect } from 'vitest';
import { sendJson } from './api-requests.ts';
import type { TestAccount, TestContext } from './harness.ts';

/** A public-looking https target; the address guard accepts names that do not resolve. */
export function hookUrl(path = 'hook'): string {
  return `https://hooks.example.com/${path}`;
}

export function webhookBody(websiteId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { url: hookUrl(), website_id: websiteId, version: 'v1.0', ...overrides };
}

export function chatAlertBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Checkout errors',
    events: [{ kind: 25, value: 'TypeError' }],
    provider: 'chat',
    chat_channel_id: 'C0123CHECKOUT',
    ...overrides,
  };
}

export function webhookAlertBody(webhookId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Rage on pricing',
    events: [{ kind: 21, value: '5' }],
    provider: 'webhooks',
    webhook_id: webhookId,
    ...overrides,
  };
}

export interface WebhookJson {
  webhook_id: string;
  url: string;
  website: string;
  website_id: string;
  version: string;
  enabled: boolean;
  created_date: number;
  created_by: string;
}

export interface AlertJson {
  alert_id: string;
  name: string;
  events: { kind: number; value: string }[];
  provider: 'chat' | 'webhooks';
  chat_channel_id: string | null;
  webhook_id: string | null;
  enabled: boolean;
  creation_date: string;
}

/** Creates a webhook through the API and fails the test unless that answers 201. */
export async function createWebhook(
  ctx: TestContext,
  account: TestAccount,
  overrides: Record<string, unknown> = {},
): Promise<WebhookJson> {
  const response = await sendJson(
    ctx,
    account.token,
    'POST',
    '/v1/webhooks',
    webhookBody(account.websiteId, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  // The creation answer alone carries the signing secret; the rest of the suite compares with reads.
  const { secret, ...webhook } = response.json<WebhookJson & { secret: string }>();
  expect(secret).toMatch(/^whsec_/);
  return webhook;
}

/** Creates an alert through the API and fails the test unless that answers 201. */
export async function createAlert(
  ctx: TestContext,
  account: TestAccount,
  body: Record<string, unknown> = chatAlertBody(),
): Promise<AlertJson> {
  const response = await sendJson(ctx, account.token, 'POST', '/v1/alerts', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AlertJson>();
}

export async function listAlerts(ctx: TestContext, account: TestAccount): Promise<AlertJson[]> {
  const response = await sendJson(ctx, account.token, 'GET', '/v1/alerts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AlertJson[]>();
}

export async function listWebhooks(ctx: TestContext, account: TestAccount): Promise<WebhookJson[]> {
  const response = await sendJson(ctx, account.token, 'GET', '/v1/webhooks');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookJson[]>();
}
