/**
 * The objects the fuzzer aims at: an account with a few of everything (alerts, webhooks, a recorded
 * session, spare tokens and people, a queued delivery), an admin API token, an admin's dashboard
 * sign-in, and objects of a second account whose ids must stay out of reach.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { TestContext } from '../harness.ts';
import { APP_ORIGIN, createPerson, signIn } from '../people.ts';

/** The resource a path names after `/v1/`, such as `alerts` for `/v1/alerts/{id}`. */
export type Resource = 'alerts' | 'webhooks' | 'websites' | 'sessions' | 'tokens' | 'users' | 'deliveries';

export interface FuzzWorld {
  token: string;
  cookie: string;
  /** Sign-ins POST /v1/auth/logout may end, so the main one lives on. */
  spareCookies: string[];
  adminEmail: string;
  adminPassword: string;
  publicKey: string;
  visitorIds: string[];
  /** Ids of this account's objects, by resource; never the admin's own token or person. */
  ids: Record<Resource, string[]>;
  /** Objects DELETE requests aim at, so the ones the other operations use live through the run. */
  victims: Partial<Record<Resource, string[]>>;
  /** Ids of another account's objects. */
  foreignIds: string[];
  origin: string;
}

async function call(ctx: TestContext, token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await ctx.request(token, {
    method,
    url,
    ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

function randomId(): string {
  return crypto.randomBytes(12).toString('base64url');
}

/** Records one session through POST /v1/ingest, as the tracker would, and returns its visitor id. */
async function recordSession(ctx: TestContext, key: string): Promise<string> {
  const now = Date.now();
  const visitorId = `v${randomId()}`;
  const events = [
    { kind: 1, time: now - 5_000, url: 'https://shop.example.com/?utm_source=fuzz', referrer: '' },
    { kind: 4, time: now - 4_000, email: `visitor-${randomId()}@example.com`, name: 'Ada', params: { plan: 'pro' } },
    { kind: 25, time: now - 3_000, message: 'TypeError: fuzz', stack: 'at x' },
    { kind: 5, time: now - 2_000, selector: 'button#buy', text: 'Buy' },
  ];
  const body = { key, batch_id: randomId(), visitor_id: visitorId, session_id: `s${randomId()}`, sent_at: now, events };
  const response = await ctx.request(null, {
    method: 'POST',
    url: '/v1/ingest',
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  expect(response.statusCode, response.body).toBe(202);
  return visitorId;
}

async function populate(ctx: TestContext, token: string, websiteId: string) {
  const webhook = await call(ctx, token, 'POST', '/v1/webhooks', {
    url: 'https://93.184.215.14/hook',
    website_id: websiteId,
    version: 'v1.0',
  });
  const alert = await call(ctx, token, 'POST', '/v1/alerts', {
    name: 'Checkout errors',
    events: [{ kind: 25, value: 'TypeError' }],
    provider: 'webhooks',
    webhook_id: webhook.webhook_id,
  });
  const chatAlert = await call(ctx, token, 'POST', '/v1/alerts', {
    name: 'Rage',
    events: [{ kind: 21, value: '3' }],
    provider: 'chat',
    chat_channel_id: 'C0FUZZ',
  });
  const spareWebhook = await call(ctx, token, 'POST', '/v1/webhooks', {
    url: 'https://93.184.215.14/spare',
    website_id: websiteId,
    version: 'v1.0',
  });
  const spareAlerts = [];
  for (const name of ['Spare one', 'Spare two', 'Spare three']) {
    const spare = await call(ctx, token, 'POST', '/v1/alerts', {
      name,
      events: [{ kind: 5, value: '' }],
      provider: 'chat',
      chat_channel_id: 'C0FUZZ',
    });
    spareAlerts.push(spare.alert_id as string);
  }
  await call(ctx, token, 'POST', `/v1/webhooks/${webhook.webhook_id}/test`);
  const deliveries = await call(ctx, token, 'GET', `/v1/webhooks/${webhook.webhook_id}/deliveries`);
  return {
    webhooks: [webhook.webhook_id as string],
    alerts: [alert.alert_id as string, chatAlert.alert_id as string],
    deliveries: (deliveries as { delivery_id: string }[]).map((delivery) => delivery.delivery_id),
    victims: { alerts: spareAlerts, webhooks: [spareWebhook.webhook_id as string] },
  };
}

/** Builds the world through the real app: objects are made by the API itself wherever it can. */
export async function createFuzzWorld(ctx: TestContext): Promise<FuzzWorld> {
  const account = await ctx.newAccount();
  const admin = await createPerson(ctx.database.db, account.accountId, 'admin');
  const cookie = await signIn(ctx, admin.email, admin.password);
  const spareCookies = [];
  for (let i = 0; i < 3; i += 1) spareCookies.push(await signIn(ctx, admin.email, admin.password));
  const websites = (await call(ctx, account.token, 'GET', '/v1/websites')) as {
    website_id: string;
    public_key: string;
  }[];
  const website = websites[0];
  if (!website) throw new Error('the test account has no website');
  const objects = await populate(ctx, account.token, website.website_id);
  const visitorIds = [await recordSession(ctx, website.public_key), await recordSession(ctx, website.public_key)];
  const sessions = (await call(ctx, account.token, 'GET', '/v1/sessions?date_from=TODAY-7DAYS')) as {
    sessions: { id: string }[];
  };
  const analyst = await createPerson(ctx.database.db, account.accountId, 'analyst');
  const support = await createPerson(ctx.database.db, account.accountId, 'support');
  const spareToken = await account.tokenWith(['alerts:read']);
  const spareUsers = [];
  for (const role of ['analyst', 'support'] as const)
    spareUsers.push((await createPerson(ctx.database.db, account.accountId, role)).user.user_id);
  const tokens = (await ctx.request(null, { method: 'GET', url: '/v1/tokens', headers: { cookie } })).json<
    { token_id: string; prefix: string }[]
  >();

  const foreign = await ctx.newAccount();
  const foreignObjects = await populate(ctx, foreign.token, foreign.websiteId);
  const foreignPerson = await createPerson(ctx.database.db, foreign.accountId, 'analyst');

  return {
    token: account.token,
    cookie,
    spareCookies,
    adminEmail: admin.email,
    adminPassword: admin.password,
    publicKey: website.public_key,
    visitorIds,
    ids: {
      webhooks: objects.webhooks,
      alerts: objects.alerts,
      deliveries: objects.deliveries,
      websites: [website.website_id],
      sessions: sessions.sessions.map((session) => session.id),
      users: [analyst.user.user_id, support.user.user_id],
      tokens: tokens.filter((summary) => spareToken.startsWith(summary.prefix)).map((summary) => summary.token_id),
    },
    victims: { ...objects.victims, users: spareUsers },
    foreignIds: [...foreignObjects.alerts, ...foreignObjects.webhooks, foreign.websiteId, foreignPerson.user.user_id],
    origin: APP_ORIGIN,
  };
}
