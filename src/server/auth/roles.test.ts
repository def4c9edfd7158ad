/** Each role may call exactly the routes its scopes allow; admin-only routes refuse every API token. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../api/schemas/common.ts';
import { chatAlertBody, webhookBody } from '../test/alerts-and-webhooks.ts';
import { expectError } from '../test/api-responses.ts';
import { type TestAccount, type TestContext, describeApi } from '../test/harness.ts';
import { asPerson, createPerson, signedInPerson, uniqueEmail } from '../test/people.ts';
import { insertSession, insertVisitor } from '../test/session-fixtures.ts';
import { ROLE_TABLE, sha256 } from './test-support/sign-in-checks.ts';

type Permission = (typeof ROLE_TABLE)['admin'][number] | 'authenticated';

interface RoleFixture {
  account: TestAccount;
  ids: Record<string, string>;
}

interface RoleRoute {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  permission: Permission;
  success: number;
  /** Creates what the route addresses (a real object, so a 403 is not a 404 in disguise). */
  prepare?: (ctx: TestContext, fixture: RoleFixture) => Promise<string>;
  url: (id: string) => string;
  body?: (fixture: RoleFixture) => unknown;
}

async function newWebhookId(ctx: TestContext, fixture: RoleFixture): Promise<string> {
  const response = await ctx.request(fixture.account.token, {
    method: 'POST',
    url: '/v1/webhooks',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(webhookBody(fixture.account.websiteId)),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ webhook_id: string }>().webhook_id;
}

async function newAlertId(ctx: TestContext, fixture: RoleFixture): Promise<string> {
  const response = await ctx.request(fixture.account.token, {
    method: 'POST',
    url: '/v1/alerts',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(chatAlertBody()),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ alert_id: string }>().alert_id;
}

const ROLE_ROUTES: RoleRoute[] = [
  { name: 'getMe', method: 'GET', permission: 'authenticated', success: 200, url: () => '/v1/auth/me' },
  { name: 'getSessions', method: 'GET', permission: 'users.sessions:read', success: 200, url: () => '/v1/sessions' },
  {
    name: 'getSession',
    method: 'GET',
    permission: 'users.sessions:read',
    success: 200,
    prepare: async (ctx, { account }) => {
      const visitor = await insertVisitor(ctx.database.db, account.accountId);
      return (await insertSession(ctx.database.db, account.accountId, account.websiteId, visitor.id)).id;
    },
    url: (id) => `/v1/sessions/${id}`,
  },
  { name: 'listWebsites', method: 'GET', permission: 'websites:read', success: 200, url: () => '/v1/websites' },
  { name: 'listAlerts', method: 'GET', permission: 'alerts:read', success: 200, url: () => '/v1/alerts' },
  {
    name: 'createAlert',
    method: 'POST',
    permission: 'alerts:write',
    success: 201,
    url: () => '/v1/alerts',
    body: () => chatAlertBody(),
  },
  {
    name: 'updateAlert',
    method: 'PUT',
    permission: 'alerts:write',
    success: 200,
    prepare: newAlertId,
    url: (id) => `/v1/alerts/${id}`,
    body: () => ({ name: 'Renamed by role test' }),
  },
  {
    name: 'deleteAlert',
    method: 'DELETE',
    permission: 'alerts:write',
    success: 200,
    prepare: newAlertId,
    url: (id) => `/v1/alerts/${id}`,
  },
  { name: 'listWebhooks', method: 'GET', permission: 'webhooks:read', success: 200, url: () => '/v1/webhooks' },
  {
    name: 'createWebhook',
    method: 'POST',
    permission: 'webhooks:write',
    success: 201,
    url: () => '/v1/webhooks',
    body: ({ account }) => webhookBody(account.websiteId),
  },
  {
    name: 'updateWebhook',
    method: 'PUT',
    permission: 'webhooks:write',
    success: 200,
    prepare: newWebhookId,
    url: (id) => `/v1/webhooks/${id}?version=v1.0`,
    body: ({ account }) => webhookBody(account.websiteId, { url: 'https://hooks.example.com/moved' }),
  },
  {
    name: 'deleteWebhook',
    method: 'DELETE',
    permission: 'webhooks:write',
    success: 200,
    prepare: newWebhookId,
    url: (id) => `/v1/webhooks/${id}`,
  },
  {
    name: 'getWebhookSecret',
    method: 'GET',
    permission: 'account:admin',
    success: 200,
    prepare: newWebhookId,
    url: (id) => `/v1/webhooks/${id}/secret`,
  },
  {
    name: 'rotateWebhookSecret',
    method: 'POST',
    permission: 'account:admin',
    success: 200,
    prepare: newWebhookId,
    url: (id) => `/v1/webhooks/${id}/secret/rotate`,
  },
  { name: 'listTokens', method: 'GET', permission: 'account:admin', success: 200, url: () => '/v1/tokens' },
  {
    name: 'createToken',
    method: 'POST',
    permission: 'account:admin',
    success: 201,
    url: () => '/v1/tokens',
    body: () => ({ name: 'role test', scopes: ['websites:read'] }),
  },
  {
    name: 'revokeToken',
    method: 'DELETE',
    permission: 'account:admin',
    success: 200,
    prepare: async (ctx, { account }) => {
      const token = await account.tokenWith(['websites:read']);
      const row = await ctx.database.db
        .selectFrom('api_tokens')
        .select('id')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirstOrThrow();
      return row.id;
    },
    url: (id) => `/v1/tokens/${id}`,
  },
  { name: 'listUsers', method: 'GET', permission: 'account:admin', success: 200, url: () => '/v1/users' },
  {
    name: 'createUser',
    method: 'POST',
    permission: 'account:admin',
    success: 201,
    url: () => '/v1/users',
    body: () => ({ email: uniqueEmail('new'), role: 'support' }),
  },
  {
    name: 'updateUser',
    method: 'PUT',
    permission: 'account:admin',
    success: 200,
    prepare: async (ctx, { account }) =>
      (await createPerson(ctx.database.db, account.accountId, 'analyst')).user.user_id,
    url: (id) => `/v1/users/${id}`,
    body: () => ({ role: 'support' }),
  },
  {
    name: 'deleteUser',
    method: 'DELETE',
    permission: 'account:admin',
    success: 200,
    prepare: async (ctx, { account }) =>
      (await createPerson(ctx.database.db, account.accountId, 'support')).user.user_id,
    url: (id) => `/v1/users/${id}`,
  },
];

/** Everything an account owns that a refused request could have changed. */
async function accountState(ctx: TestContext, accountId: string) {
  const db = ctx.database.db;
  return {
    alerts: await db.selectFrom('alerts').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    webhooks: await db.selectFrom('webhooks').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
    tokens: await db
      .selectFrom('api_tokens')
      .select(['id', 'name', 'scopes', 'revoked_at', 'expires_at'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute(),
    users: await db.selectFrom('users').selectAll().where('account_id', '=', accountId).orderBy('id').execute(),
  };
}

describeApi('roles', (ctx) => {
  for (const role of ROLES) {
    describe(`a signed-in ${role}`, () => {
      let fixture: RoleFixture;
      let cookie: string;
      beforeAll(async () => {
        const account = await ctx().newAccount();
        fixture = { account, ids: {} };
        // Another admin, so an admin's own deletions never meet the last-admin rule.
        await createPerson(ctx().database.db, account.accountId, 'admin');
        cookie = (await signedInPerson(ctx(), account.accountId, role)).cookie;
      });

      for (const route of ROLE_ROUTES) {
        const allowed = route.permission === 'authenticated' || ROLE_TABLE[role].includes(route.permission);
        it(`${route.name} (${route.method}): ${allowed ? `${route.success}` : `403 insufficient_scope (${route.permission})`}`, async () => {
          const id = route.prepare ? await route.prepare(ctx(), fixture) : '';
          const before = await accountState(ctx(), fixture.account.accountId);
          const response = await asPerson(ctx(), cookie, {
            method: route.method,
            url: route.url(id),
            ...(route.body ? { body: route.body(fixture) } : {}),
          });
          if (allowed) {
            expect(response.statusCode, response.body).toBe(route.success);
            return;
          }
          const error = expectError(response, 403, {
            type: 'authorization_error',
            code: 'insufficient_scope',
            param: null,
          });
          expect(error.message).toBe(
            route.permission === 'account:admin'
              ? 'Only an admin can do this'
              : `This request needs the ${route.permission} scope`,
          );
          expect(await accountState(ctx(), fixture.account.accountId)).toEqual(before);
        });
      }
    });
  }

  describe('API tokens', () => {
    let fixture: RoleFixture;
    beforeAll(async () => {
      fixture = { account: await ctx().newAccount(), ids: {} };
    });
    for (const route of ROLE_ROUTES.filter((candidate) => candidate.permission === 'account:admin')) {
      it(`${route.name} refuses a token with every scope: 403 "Only an admin can do this"`, async () => {
        const id = route.prepare ? await route.prepare(ctx(), fixture) : '';
        const before = await accountState(ctx(), fixture.account.accountId);
        const body = route.body?.(fixture);
        const response = await ctx().request(fixture.account.token, {
          method: route.method,
          url: route.url(id),
          ...(body === undefined
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
        });
        expectError(response, 403, {
          type: 'authorization_error',
          code: 'insufficient_scope',
          param: null,
          message: 'Only an admin can do this',
        });
        expect(await accountState(ctx(), fixture.account.accountId)).toEqual(before);
      });
    }

    it('the all-scopes token can do everything that is not admin-only', async () => {
      for (const route of ROLE_ROUTES.filter((candidate) => candidate.permission !== 'account:admin')) {
        const id = route.prepare ? await route.prepare(ctx(), fixture) : '';
        const body = route.body?.(fixture);
        const response = await ctx().request(fixture.account.token, {
          method: route.method,
          url: route.url(id),
          ...(body === undefined
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
        });
        expect(response.statusCode, `${route.name}: ${response.body}`).toBe(route.success);
      }
    });
  });
});
