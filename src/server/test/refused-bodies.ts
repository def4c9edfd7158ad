/** Request bodies the API must refuse: a table case for a 400, and the checks every JSON write route shares. */
import { it } from 'vitest';
import { type Method, sendRaw } from './api-requests.ts';
import { expectError } from './api-responses.ts';
import type { TestContext } from './harness.ts';

/** A case of a table of requests the API must refuse with a 400. */
export interface BadBodyCase {
  name: string;
  body: unknown;
  param: string;
  code?: string;
}

/** Bodies the transport refuses before any route rule runs (decisions §1). */
export const UNREADABLE_BODIES: { name: string; payload: string; contentType: string; status: number; code: string }[] =
  [
    {
      name: 'invalid JSON',
      payload: '{"name": "x",',
      contentType: 'application/json',
      status: 400,
      code: 'invalid_json',
    },
    {
      // An empty JSON body is no body at all, which a route that needs one refuses.
      name: 'an empty body sent as JSON',
      payload: '',
      contentType: 'application/json',
      status: 400,
      code: 'invalid_type',
    },
    {
      name: 'a text/plain body',
      payload: '{"name": "x"}',
      contentType: 'text/plain',
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'a form body',
      payload: 'name=x',
      contentType: 'application/x-www-form-urlencoded',
      status: 415,
      code: 'unsupported_media_type',
    },
    {
      name: 'a body over 1 MiB',
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
      contentType: 'application/json',
      status: 413,
      code: 'body_too_large',
    },
  ];

/** JSON that parses but is not an object. */
export const NON_OBJECT_BODIES: { name: string; payload: string }[] = [
  { name: 'a JSON array', payload: '[]' },
  { name: 'a JSON string', payload: '"x"' },
  { name: 'JSON null', payload: 'null' },
];

/**
 * The body checks every JSON write route shares, as one test per case: bodies that cannot be read as JSON
 * (400 or 415) and JSON that is not an object (400). `route` is read when each test runs, once its suite's
 * fixtures exist.
 */
export function itRefusesUnreadableBodies(
  ctx: () => TestContext,
  route: () => { token: string; method: Method; url: string },
): void {
  it.each(UNREADABLE_BODIES)('$name: $status', async ({ payload, contentType, status, code }) => {
    const { token, method, url } = route();
    expectError(await sendRaw(ctx(), token, method, url, payload, contentType), status, {
      type: 'validation_error',
      code,
    });
  });

  it.each(NON_OBJECT_BODIES)('$name as the body: 400', async ({ payload }) => {
    const { token, method, url } = route();
    expectError(await sendRaw(ctx(), token, method, url, payload, 'application/json'), 400, {
      type: 'validation_error',
    });
  });
}
