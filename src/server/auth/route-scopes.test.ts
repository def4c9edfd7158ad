import { expect, it } from 'vitest';
import { SCOPES } from '../../api/schemas/common.ts';
import { describeApi } from '../test/harness.ts';
import { ROUTES, expectEnvelope, injectOptions } from './auth-fixtures.ts';

describeApi('authentication and scopes', (ctx) => {
  for (const route of ROUTES) {
    it(`${route.operationId} (${route.method} ${route.url}) needs ${route.scope}: 403 naming it without, through with it`, async () => {
      const account = await ctx().newAccount();
      const without = await account.tokenWith(SCOPES.filter((scope) => scope !== route.scope));
      const denied = await ctx().app.inject(injectOptions(route, `Bearer ${without}`));
      const error = expectEnvelope(denied, 403, 'authorization_error', 'insufficient_scope');
      expect(error.message).toContain(route.scope);

      const only = await account.tokenWith([route.scope]);
      const allowed = await ctx().app.inject(injectOptions(route, `Bearer ${only}`));
      expect(allowed.statusCode, allowed.body).toBe(route.withScope);
    });
  }
});
