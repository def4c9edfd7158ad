import net from 'node:net';
import { PassThrough } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import { describeApi } from '../test/harness.ts';
import { answerClientError } from './framework-errors.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseAnswer(text: string): RawAnswer {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/** Sends bytes as they are, past any HTTP client's own checks, and reads until the server closes. */
function sendRawHttp(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => resolve(parseAnswer(text)));
    socket.on('error', reject);
  });
}

/**
 * Sends a request's head and the first kilobyte of a body announced as 2 MB, keeps the connection open,
 * and reads until the server ends it.
 */
function sendPartOfLongBody(port: number, head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`${head}Host: x\r\nContent-Length: 2000000\r\n\r\n${'x'.repeat(1024)}`),
    );
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => {
      socket.destroy();
      resolve(parseAnswer(text));
    });
    socket.on('error', reject);
  });
}

function expectEnvelope(answer: RawAnswer, status: number, code: string, label: string): void {
  expect(answer.status, `${label}: ${answer.body}`).toBe(status);
  expect(answer.headers['content-type'], label).toMatch(/^application\/json/);
  const requestId = answer.headers['x-request-id'];
  expect(requestId, label).toMatch(/^req_[0-9A-Za-z]{20}$/);
  expect(JSON.parse(answer.body), label).toEqual({
    error: expect.objectContaining({ code, http_status_code: status, request_id: requestId, type: expect.any(String) }),
  });
}

const get = (target: string, headers = 'Host: x\r\n') =>
  `GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;
const postIngest = (headers: string, body: string) =>
  `POST /v1/ingest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}Connection: close\r\n\r\n${body}`;

describeApi('answers refused before routing in the error envelope, with the request id', (ctx) => {
  let port: number;
  beforeAll(async () => {
    await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx().app.server.address() as net.AddressInfo).port;
  });

  const cases: [label: string, request: string, status: number, code: string][] = [
    ['bad percent-encoding in a path', get('/v1/alerts/%ff/deliveries'), 400, 'invalid_url'],
    ['bad percent-encoding at the root', get('/%ff'), 400, 'invalid_url'],
    ['an id over the router limit', get(`/v1/alerts/${'a'.repeat(150)}`), 400, 'too_long'],
    ['headers over 16 KiB', get('/healthz', `Host: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n`), 431, 'headers_too_large'],
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400, 'malformed_request'],
    ['an unknown method', get('/v1/alerts').replace('GET', 'FOO'), 400, 'malformed_request'],
    ['a header name with a space', get('/healthz', 'Host: x\r\nBad Header: y\r\n'), 400, 'malformed_request'],
    ['a Content-Length that is not a number', postIngest('Content-Length: abc\r\n', '{}'), 400, 'malformed_request'],
    [
      'a bad chunk size',
      postIngest('Transfer-Encoding: chunked\r\n', 'zz\r\n{}\r\n0\r\n\r\n'),
      400,
      'malformed_request',
    ],
    [
      'both Content-Length and chunked',
      postIngest('Content-Length: 2\r\nTransfer-Encoding: chunked\r\n', '0\r\n\r\n'),
      400,
      'malformed_request',
    ],
    ['an HTTP/1.1 request without Host', get('/healthz', ''), 400, 'missing_host'],
    ['an unknown route', get('/v1/nope'), 404, 'route_not_found'],
    ['an unsupported method on a route', get('/v1/alerts').replace('GET', 'PATCH'), 404, 'route_not_found'],
    ['OPTIONS on an API route', get('/v1/alerts').replace('GET', 'OPTIONS'), 404, 'route_not_found'],
    ['a body cut short of its Content-Length', postIngest('Content-Length: 10\r\n', '{}'), 400, 'malformed_request'],
  ];

  it.each(cases)('%s', async (label, request, status, code) => {
    expectEnvelope(await sendRawHttp(port, request), status, code, label);
  });

  it('closes the connection after refusing a request whose body it did not read', async () => {
    // Left open, the connection would wait for the rest of a body no one reads, and stopping the
    // server would wait for it.
    const { token } = await ctx().newAccount();
    const refused: [label: string, head: string, status: number, code: string][] = [
      ['no credentials', 'POST /v1/alerts HTTP/1.1\r\n', 401, 'unauthenticated'],
      [
        'a body that is not JSON',
        `POST /v1/alerts HTTP/1.1\r\nAuthorization: Bearer ${token}\r\n`,
        415,
        'unsupported_media_type',
      ],
    ];
    for (const [label, head, status, code] of refused) {
      const answer = await sendPartOfLongBody(port, head);
      expectEnvelope(answer, status, code, label);
      expect(answer.headers.connection, label).toBe('close');
    }
  });

  it('answers HEAD with the request id and no body', async () => {
    const answer = await sendRawHttp(port, get('/v1/alerts').replace('GET', 'HEAD'));
    expect(answer.status).toBe(401);
    expect(answer.headers['x-request-id']).toMatch(/^req_/);
    expect(answer.body).toBe('');
  });

  it('answers a request that took too long with a 408 in the envelope', async () => {
    const socket = new PassThrough();
    let written = '';
    socket.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    answerClientError.call(ctx().app, timeout, socket as unknown as net.Socket);
    expectEnvelope(parseAnswer(written), 408, 'request_timeout', 'timeout');
    expect(socket.destroyed).toBe(true);
  });
});
