import { describe, expect, it } from 'vitest';
import { violationsOf } from './fuzz-checks.ts';
import type { FuzzResponse } from './fuzz-transport.ts';
import { parseRawResponse } from './fuzz-transport.ts';

const REQUEST_ID = 'req_abc123';

function envelope(status: number, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    error: {
      type: 'validation_error',
      code: 'bad',
      message: 'Bad',
      http_status_code: status,
      request_id: REQUEST_ID,
      ...overrides,
    },
  });
}

function response(status: number, body: string, headers: Record<string, string> = {}, ms = 5): FuzzResponse {
  return {
    status,
    body,
    ms,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': REQUEST_ID, ...headers },
  };
}

describe('the fuzzer’s checks', () => {
  it('accept the error envelope on a 4xx and JSON on a 2xx', () => {
    expect(violationsOf({ method: 'GET' }, response(404, envelope(404)))).toEqual([]);
    expect(violationsOf({ method: 'GET' }, response(200, '[]'))).toEqual([]);
    expect(violationsOf({ method: 'HEAD' }, response(401, ''))).toEqual([]);
  });

  it('flag a 5xx, a slow answer and no answer', () => {
    expect(violationsOf({ method: 'GET' }, response(500, envelope(500)))).toEqual([
      expect.stringMatching(/^status 500/),
    ]);
    expect(violationsOf({ method: 'GET' }, response(200, '{}', {}, 2_500))).toEqual(['took 2500 ms']);
    expect(violationsOf({ method: 'GET' }, response(0, ''))[0]).toMatch(/^no HTTP response/);
  });

  it('flag a 4xx outside the envelope or with another request id', () => {
    expect(violationsOf({ method: 'GET' }, response(400, '{"error":"Bad Request","statusCode":400}'))[0]).toMatch(
      /not the error envelope/,
    );
    expect(
      violationsOf({ method: 'GET' }, response(400, 'Bad Request', { 'content-type': 'text/plain' })),
    ).toHaveLength(2);
    expect(violationsOf({ method: 'GET' }, response(400, envelope(400), { 'x-request-id': 'req_other' }))[0]).toMatch(
      /x-request-id/,
    );
    expect(violationsOf({ method: 'GET' }, response(400, envelope(401)))[0]).toMatch(/http_status_code/);
  });

  it('flag valid credentials refused and an empty body read as bad JSON', () => {
    const refused = response(401, envelope(401, { type: 'authentication_error', code: 'unauthenticated' }));
    expect(violationsOf({ method: 'GET', authenticated: true }, refused)[0]).toMatch(/valid credentials refused/);
    const badJson = response(400, envelope(400, { code: 'invalid_json' }));
    expect(violationsOf({ method: 'DELETE', emptyBodyWithoutSchema: true }, badJson)[0]).toMatch(/empty body refused/);
  });

  it('flag a polluted Object.prototype and clean it up', () => {
    (Object.prototype as Record<string, unknown>).polluted = 'yes';
    expect(violationsOf({ method: 'GET' }, response(200, '{}'))).toEqual(['Object.prototype was polluted']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseRawResponse', () => {
  it('reads a chunked response and a response without a body', () => {
    const chunked = Buffer.from(
      'HTTP/1.1 400 Bad Request\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"a"\r\n3\r\n:1}\r\n0\r\n\r\n',
    );
    expect(parseRawResponse(chunked)).toMatchObject({ status: 400, body: '{"a":1}' });
    expect(
      parseRawResponse(Buffer.from('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n')),
    ).toMatchObject({ status: 431, body: '' });
    expect(parseRawResponse(Buffer.alloc(0)).status).toBe(0);
  });
});
