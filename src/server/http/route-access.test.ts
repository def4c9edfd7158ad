/**
 * The access rules every operation follows, checked once over the operations the app's own OpenAPI
 * document lists (a new route is covered without being named here): 401 in the error envelope for
 * every kind of missing or bad credential, 403 naming the scope for a token without it, and an answer
 * past authentication for a token with only that scope or a person whose role has it. Each refusal
 * carries its request id in `x-request-id` too (see expectError). What one route does with a refused
 * request is the route's own test.
 */
import { beforeAll, expect, it } from 'vitest';
import { ADMIN_PERMISSION, type Permission, type Role, SCOPES, type Scope } from '../../api/schemas/common.ts';
import { ROLE_PERMISSIONS } from '../auth/roles.ts';
import { createApiToken, revokeApiToken } from '../features/tokens/tokens.service.ts';
import { expectError } from '../test/api-responses.ts';
import { type TestAccount, describeApi } from '../test/harness.ts';
import { APP_ORIGIN, asPerson, signedInPerson } from '../test/people.ts';

type Access = Permission | 'authenticated' | 'public';

interface Operation {
  name: string;
  method: string;
  url: string;
  access: Access;
}

interface OpenApiOperation {
  operationId: string;
  description?: string;
  security?: Record<string, string[]>[];
}

/** Operations anyone may call: sign-in and the tracker's endpoints (authenticated by the website key). */
const PUBLIC_OPERATIONS = [
  'login',
  'setPasswordWithLink',
  'logout',
  'ingestEvents',
  'getTrackerConfig',
  'ingestRecordingChunk',
];
/** Operations for any signed-in principal, whatever its scopes. */
const AUTHENTICATED_OPERATIONS = ['getMe', 'changeMyPassword'];

/** The access an operation documents: its scope sentence, admins only, or the lists above. */
function documentedAccess(operation: OpenApiOperation): Access | undefined {
  if (PUBLIC_OPERATIONS.includes(operation.operationId)) return 'public';
  if (AUTHENTICATED_OPERATIONS.includes(operation.operationId)) return 'authenticated';
  if (/Admins only/.test(operation.description ?? '')) return ADMIN_PERMISSION;
  const scope = /Requires the `([^`]+)` scope/.exec(operation.description ?? '')?.[1];
  return SCOPES.find((known) => known === scope);
}

/** A scope's other half (`alerts:read` for `alerts:write`), when there is one. */
function sibling(scope: Scope): Scope | undefined {
  const other = scope.endsWith(':read') ? scope.replace(/:read$/, ':write') : scope.replace(/:write$/, ':read');
  return SCOPES.find((known) => known === other);
}

describeApi('every operation: authentication and scopes', (ctx) => {
  const operations: Operation[] = [];
  let account: TestAccount;
  const tokens = { revoked: '', expired: '' };

  beforeAll(async () => {
    const document = (await ctx().request(null, { method: 'GET', url: '/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, OpenApiOperation>>;
    }>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const access = documentedAccess(operation);
        expect(access, `${operation.operationId} documents no scope and is not listed as public`).toBeDefined();
        operations.push({
          name: `${method.toUpperCase()} ${path} (${operation.operationId})`,
          method: method.toUpperCase(),
          // Ids that exist nowhere: access is decided before the route looks anything up.
          url: path.replace(/\{index\}/g, '0').replace(/\{[a-z_]+\}/gi, 'unknown_id'),
          access: access as Access,
        });
      }
    }
    account = await ctx().newAccount();
    const db = ctx().database.db;
    const revoked = await createApiToken(db, { accountId: account.accountId, name: 'revoked', scopes: [...SCOPES] });
    await revokeApiToken(db, account.accountId, revoked.summary.token_id);
    tokens.revoked = revoked.token;
    const expiresAt = Math.floor(Date.now() / 1000) - 60;
    tokens.expired = (
      await createApiToken(db, { accountId: account.accountId, name: 'expired', scopes: [...SCOPES], expiresAt })
    ).token;
  });

  // Same origin, as the dashboard sends: cookie-only routes check it before anything else.
  const send = (operation: Operation, given: Record<string, string> = {}) => {
    const headers = { origin: APP_ORIGIN, ...given };
    return ctx().request(null, {
      method: operation.method as 'GET',
      url: operation.url,
      headers:
        operation.method === 'GET' || operation.method === 'DELETE'
          ? headers
          : { 'content-type': 'application/json', ...headers },
      ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: '{}' }),
    });
  };
  const guarded = () => operations.filter((operation) => operation.access !== 'public');
  const scoped = () =>
    operations.filter((operation): operation is Operation & { access: Scope } =>
      SCOPES.includes(operation.access as Scope),
    );

  it('finds the operations in the document, with each kind of access', () => {
    const kinds = new Set(operations.map((operation) => operation.access));
    expect(operations.length).toBeGreaterThan(40);
    for (const kind of ['public', 'authenticated', ADMIN_PERMISSION, ...SCOPES]) expect(kinds).toContain(kind);
  });

  const badCredentials: { label: string; authorization: () => string | undefined }[] = [
    { label: 'no Authorization header', authorization: () => undefined },
    { label: 'an empty Authorization header', authorization: () => '' },
    { label: '"Token x"', authorization: () => 'Token x' },
    { label: 'a bare "Bearer"', authorization: () => 'Bearer' },
    { label: 'Basic credentials', authorization: () => 'Basic dXNlcjpwYXNzd29yZA==' },
    { label: 'an unknown token without "Bearer"', authorization: () => `sa_${'Q'.repeat(40)}` },
    { label: 'an unknown token of the right form', authorization: () => `Bearer sa_${'Q'.repeat(40)}` },
    { label: 'a token of the wrong form', authorization: () => 'Bearer not-a-token' },
    { label: 'a revoked token', authorization: () => `Bearer ${tokens.revoked}` },
    { label: 'an expired token', authorization: () => `Bearer ${tokens.expired}` },
    { label: 'a garbage session cookie', authorization: () => undefined },
  ];

  it.each(badCredentials)(
    'every guarded operation: 401 authentication_error with $label',
    async ({ label, authorization }) => {
      const value = authorization();
      const headers: Record<string, string> = value === undefined ? {} : { authorization: value };
      if (label === 'a garbage session cookie') headers.cookie = 'sa_session=garbage';
      for (const operation of guarded()) {
        const response = await send(operation, headers);
        expect(response.statusCode, operation.name).toBe(401);
        expectError(response, 401, { type: 'authentication_error', param: null });
      }
    },
  );

  it('every scoped operation: 403 insufficient_scope naming its scope for a token with every other scope', async () => {
    for (const operation of scoped()) {
      const token = await account.tokenWith(SCOPES.filter((scope) => scope !== operation.access));
      const response = await send(operation, { authorization: `Bearer ${token}` });
      expect(response.statusCode, operation.name).toBe(403);
      const error = expectError(response, 403, {
        type: 'authorization_error',
        code: 'insufficient_scope',
        param: null,
      });
      expect(error.message, operation.name).toContain(operation.access);
    }
  });

  it('every scoped operation: 403 for a token with only the other half of its scope', async () => {
    for (const operation of scoped()) {
      const other = sibling(operation.access);
      if (!other) continue;
      const response = await send(operation, { authorization: `Bearer ${await account.tokenWith([other])}` });
      expect(response.statusCode, operation.name).toBe(403);
      expectError(response, 403, { type: 'authorization_error', code: 'insufficient_scope' });
    }
  });

  it('every scoped operation: past authentication for a token with only its scope', async () => {
    for (const operation of scoped()) {
      const response = await send(operation, {
        authorization: `Bearer ${await account.tokenWith([operation.access])}`,
      });
      expect([401, 403], `${operation.name}: ${response.body}`).not.toContain(response.statusCode);
    }
  });

  it('every admin-only operation: 403 "Only an admin can do this" for a token with every scope', async () => {
    for (const operation of operations.filter(({ access }) => access === ADMIN_PERMISSION)) {
      const response = await send(operation, { authorization: `Bearer ${account.token}` });
      expect(response.statusCode, operation.name).toBe(403);
      expectError(response, 403, {
        type: 'authorization_error',
        code: 'insufficient_scope',
        message: 'Only an admin can do this',
      });
    }
  });

  it.each<Role>(['admin', 'analyst', 'support'])(
    'a signed-in %s: past authentication exactly where the role has the permission, else 403 naming it',
    async (role) => {
      const person = await signedInPerson(ctx(), account.accountId, role);
      const permissions: readonly string[] = ROLE_PERMISSIONS[role];
      for (const operation of guarded()) {
        const response = await asPerson(ctx(), person.cookie, {
          method: operation.method as 'GET',
          url: operation.url,
          ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { body: {} }),
        });
        if (operation.access === 'authenticated' || permissions.includes(operation.access)) {
          expect([401, 403], `${operation.name}: ${response.body}`).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, operation.name).toBe(403);
          expectError(response, 403, { type: 'authorization_error', code: 'insufficient_scope' });
        }
      }
    },
  );
});
