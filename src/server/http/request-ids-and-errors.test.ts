import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { describeApi } from '../test/harness.ts';
import { REQUEST_ID, expectErrorEnvelope } from './error-envelope-checks.ts';

describeApi('HTTP conventions', (ctx) => {
  it('gives every response a unique req_ request id, and errors carry it in the envelope', async () => {
    const account = await ctx().newAccount();
    const narrow = await account.tokenWith(['websites:read']);
    const cases: [string, string | null, InjectOptions, number][] = [
      ['a list', account.token, { method: 'GET', url: '/v1/sessions' }, 200],
      [
        'a creation',
        account.token,
        {
          method: 'POST',
          url: '/v1/alerts',
          payload: { name: 'Errors', events: [{ kind: 25, value: '' }], provider: 'chat', chat_channel_id: 'C1' },
        },
        201,
      ],
      ['a bad query', account.token, { method: 'GET', url: '/v1/sessions?page=-1' }, 400],
      ['an unknown body field', account.token, { method: 'POST', url: '/v1/alerts', payload: { nope: 1 } }, 400],
      [
        'invalid JSON',
        account.token,
        { method: 'POST', url: '/v1/alerts', payload: '{"name":', headers: { 'content-type': 'application/json' } },
        400,
      ],
      [
        'a text body',
        account.token,
        { method: 'POST', url: '/v1/alerts', payload: 'hello', headers: { 'content-type': 'text/plain' } },
        415,
      ],
      [
        'a body over 1 MiB',
        account.token,
        { method: 'POST', url: '/v1/alerts', payload: { name: 'x'.repeat(1024 * 1024 + 10) } },
        413,
      ],
      ['no token', null, { method: 'GET', url: '/v1/sessions' }, 401],
      ['a missing scope', narrow, { method: 'GET', url: '/v1/sessions' }, 403],
      ['an unknown id', account.token, { method: 'DELETE', url: '/v1/alerts/alr_missing' }, 404],
      ['an unknown route', account.token, { method: 'GET', url: '/v1/nothing-here' }, 404],
      ['an unknown route without a token', null, { method: 'GET', url: '/v1/sessions/extra/parts' }, 404],
      ['the root without a dashboard', null, { method: 'GET', url: '/' }, 404],
      ['liveness', null, { method: 'GET', url: '/healthz' }, 200],
      ['readiness', null, { method: 'GET', url: '/readyz' }, 200],
      ['the OpenAPI document', null, { method: 'GET', url: '/v1/openapi.json' }, 200],
      [
        'a client-chosen request id',
        account.token,
        { method: 'GET', url: '/v1/websites', headers: { 'x-request-id': 'req_chosenByTheClient' } },
        200,
      ],
      ['the same list again', account.token, { method: 'GET', url: '/v1/sessions' }, 200],
    ];
    const seen = new Set<string>();
    for (const [label, token, options, status] of cases) {
      const response = await ctx().request(token, options);
      expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(status);
      const id = response.headers['x-request-id'];
      expect(id, label).toMatch(REQUEST_ID);
      expect(id, label).not.toBe('req_chosenByTheClient');
      expect(seen.has(String(id)), `${label}: ${String(id)} repeated`).toBe(false);
      seen.add(String(id));
      if (status >= 400) expectErrorEnvelope(response, label);
    }
  });

  // PostgreSQL cannot hold U+0000 in text; an id carrying one names nothing, so it must be a 400 or a 404, not a 500.
  it('answers a NUL character in a path id, a query or a body without a 500', async () => {
    const account = await ctx().newAccount();
    const cases: [string, InjectOptions][] = [
      ['PUT alert', { method: 'PUT', url: '/v1/alerts/alr_%00x', payload: {} }],
      ['DELETE alert', { method: 'DELETE', url: '/v1/alerts/%00' }],
      [
        'PUT webhook',
        {
          method: 'PUT',
          url: '/v1/webhooks/whk_%00x?version=v1.0',
          payload: { url: 'https://hooks.example.com/x', website_id: account.websiteId, version: 'v1.0' },
        },
      ],
      ['DELETE webhook', { method: 'DELETE', url: '/v1/webhooks/whk_%00x' }],
      ['sessions query', { method: 'GET', url: '/v1/sessions?visitor_id=v%00' }],
      [
        'alert body',
        {
          method: 'POST',
          url: '/v1/alerts',
          payload: { name: 'a\u0000b', events: [{ kind: 5, value: '' }], provider: 'chat', chat_channel_id: 'C1' },
        },
      ],
    ];
    const wrong: string[] = [];
    for (const [label, options] of cases) {
      const response = await ctx().request(account.token, options);
      if (response.statusCode !== 400 && response.statusCode !== 404)
        wrong.push(`${label}: ${response.statusCode} ${response.body}`);
      else expectErrorEnvelope(response, label);
    }
    expect(wrong).toEqual([]);
  });

  it('answers unknown /v1 routes with a 404 envelope, with or without a token', async () => {
    const account = await ctx().newAccount();
    for (const [method, url] of [
      ['GET', '/v1/nope'],
      ['POST', '/v1/sessions/search'],
      ['GET', '/v1'],
      ['GET', '/v2/sessions'],
      ['DELETE', '/v1/websites/web_x'],
    ] as const) {
      for (const token of [account.token, null]) {
        const response = await ctx().request(token, { method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        const error = expectErrorEnvelope(response, `${method} ${url}`);
        expect(error.type).toBe('not_found_error');
      }
    }
    const wrongMethod = await ctx().request(account.token, { method: 'PATCH', url: '/v1/alerts' });
    expect([404, 405]).toContain(wrongMethod.statusCode);
    expectErrorEnvelope(wrongMethod, 'PATCH /v1/alerts');
  });
});
