/** That refused requests change nothing: each route that changes state, refused against real objects. */
import { beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../../api/schemas/common.ts';
import type { Method } from './api-requests.ts';
import type { TestAccount, TestContext } from './harness.ts';

export interface RouteUnderTest<F> {
  method: Method;
  /** The route as people name it, such as `/v1/alerts/:id`. */
  pattern: string;
  path: (fixture: F) => string;
  scope: Scope;
  body?: (fixture: F) => unknown;
  /** Asserts that the refused requests left the addressed object as it was. */
  unchanged?: (fixture: F) => Promise<void>;
}

/**
 * A refused request changes nothing. Which requests each operation refuses (401 for every bad credential,
 * 403 naming the scope) is checked once for every operation in src/server/http/route-access.test.ts;
 * here each route that changes state gets those refusals against real objects (`setup` creates them),
 * then `unchanged` asserts they are as they were. The last request holds only the route's scope, so
 * list a deleting route last.
 */
export function describeRefusalsChangeNothing<F extends { account: TestAccount }>(
  ctx: () => TestContext,
  setup: () => Promise<F>,
  routes: RouteUnderTest<F>[],
): void {
  let fixture: F;
  beforeAll(async () => {
    fixture = await setup();
  });

  for (const route of routes) {
    describe(`${route.method} ${route.pattern}`, () => {
      const send = (token: string | null) => {
        const body = route.body?.(fixture);
        return ctx().request(token, {
          method: route.method,
          url: route.path(fixture),
          ...(body === undefined
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
        });
      };

      if (route.unchanged) {
        it('refused without a token or without its scope, and the refused requests changed nothing', async () => {
          expect((await send(null)).statusCode).toBe(401);
          const token = await fixture.account.tokenWith(SCOPES.filter((scope) => scope !== route.scope));
          expect((await send(token)).statusCode).toBe(403);
          await route.unchanged?.(fixture);
        });
      }

      it(`is answered for a token with only ${route.scope}`, async () => {
        const response = await send(await fixture.account.tokenWith([route.scope]));
        expect(response.statusCode, response.body).toBeLessThan(300);
      });
    });
  }
}
