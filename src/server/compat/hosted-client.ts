/** Requests as the hosted service's SDK sends them, and checks of the answers against its document. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from '../test/harness.ts';
import { describeErrors, hostedResponseValidator } from './hosted-schemas.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The SDK's shape: the bare token (its document declares an API-key header), and
 * `content-type: application/json` on every request, with an empty body when there is nothing to send.
 */
export function sdkRequest(ctx: TestContext, token: string, method: Method, url: string, body?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: token, 'content-type': 'application/json' },
    payload: body === undefined ? '' : JSON.stringify(body),
  });
}

/** Asserts that the answer fits the hosted document: its 2xx schema for a success, its error schema otherwise. */
export function expectHostedShape(response: LightMyRequestResponse, method: Method, hostedPath: string): void {
  const success = response.statusCode < 300;
  const statuses = success ? ['200', '201'] : ['400'];
  const validate = statuses
    .map((status) => {
      try {
        return hostedResponseValidator(method, hostedPath, status);
      } catch {
        return undefined;
      }
    })
    .find((candidate) => candidate !== undefined);
  if (!validate) throw new Error(`No hosted schema for ${method} ${hostedPath}`);
  const valid = validate(response.json());
  expect(valid, `${method} ${hostedPath} ${response.statusCode}: ${describeErrors(validate)} in ${response.body}`).toBe(
    true,
  );
}
