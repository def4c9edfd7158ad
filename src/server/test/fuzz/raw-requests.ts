/**
 * Requests only a raw socket can send: malformed request lines, unknown methods, oversized URLs and
 * headers, conflicting framing. Node's HTTP parser sees them before the app does, and the answer must
 * still be the API's error envelope.
 */
import fc from 'fast-check';
import type { FuzzWorld } from './fuzz-world.ts';

export interface RawRequest {
  label: string;
  /** The request head and body; `HOST` is replaced by the listening address. */
  text: string;
  /** An empty body on an operation that takes none, which must read as no body. */
  emptyBodyWithoutSchema?: boolean;
}

const END = '\r\n';

function head(line: string, headers: string[] = []): string {
  return [line, 'host: HOST', 'connection: close', ...headers].join(END) + END + END;
}

/** Socket-level requests aimed at the app's own routes. */
export function rawRequests(world: FuzzWorld): fc.Arbitrary<RawRequest> {
  const auth = `authorization: Bearer ${world.token}`;
  const cases: RawRequest[] = [
    { label: 'garbage request line', text: `GARBAGE${END}${END}` },
    { label: 'unknown HTTP version', text: head('GET /v1/alerts HTTP/9.9', [auth]) },
    { label: 'space in the path', text: head('GET /v1/al erts HTTP/1.1', [auth]) },
    { label: 'NUL in the path', text: head('GET /v1/alerts\u0000x HTTP/1.1', [auth]) },
    { label: 'unknown method', text: head('BREW /v1/alerts HTTP/1.1', [auth]) },
    { label: 'lower-case method', text: head('get /v1/alerts HTTP/1.1', [auth]) },
    { label: 'absolute-form target', text: head('GET http://evil.example/v1/alerts HTTP/1.1', [auth]) },
    { label: 'double slashes', text: head('GET //v1//alerts HTTP/1.1', [auth]) },
    { label: 'asterisk target', text: head('OPTIONS * HTTP/1.1') },
    { label: 'HTTP/1.0 without host', text: `GET /v1/alerts HTTP/1.0${END}${auth}${END}${END}` },
    { label: 'TRACE', text: head('TRACE /v1/alerts HTTP/1.1', [auth]) },
    { label: 'bad percent-encoding in the path', text: head('GET /v1/alerts/%zz HTTP/1.1', [auth]) },
    { label: 'bad percent-encoding in the route prefix', text: head('GET /v1/%E0%A4%A HTTP/1.1', [auth]) },
    { label: 'bad percent-encoding in the query', text: head('GET /v1/sessions?email=%zz HTTP/1.1', [auth]) },
    { label: 'URL of 12 KB', text: head(`GET /v1/sessions?email=${'a'.repeat(12_000)} HTTP/1.1`, [auth]) },
    { label: 'URL of 70 KB', text: head(`GET /v1/sessions?email=${'a'.repeat(70_000)} HTTP/1.1`, [auth]) },
    { label: 'header of 20 KB', text: head('GET /v1/alerts HTTP/1.1', [auth, `x-big: ${'a'.repeat(20_000)}`]) },
    {
      label: '300 headers',
      text: head('GET /v1/alerts HTTP/1.1', [auth, ...Array.from({ length: 300 }, (_, i) => `x-h${i}: ${i}`)]),
    },
    { label: 'header without a colon', text: head('GET /v1/alerts HTTP/1.1', [auth, 'no colon here']) },
    { label: 'header name with a space', text: head('GET /v1/alerts HTTP/1.1', [auth, 'bad name: x']) },
    { label: 'control character in a header value', text: head('GET /v1/alerts HTTP/1.1', [auth, 'x-ctl: a\u0001b']) },
    {
      label: 'content-length and chunked together',
      text:
        head('POST /v1/alerts HTTP/1.1', [
          auth,
          'content-type: application/json',
          'content-length: 2',
          'transfer-encoding: chunked',
        ]) + `2${END}{}${END}0${END}${END}`,
    },
    {
      label: 'invalid chunk size',
      text:
        head('POST /v1/alerts HTTP/1.1', [auth, 'content-type: application/json', 'transfer-encoding: chunked']) +
        `zz${END}{}${END}0${END}${END}`,
    },
    {
      label: 'two content-lengths',
      text:
        head('POST /v1/alerts HTTP/1.1', [
          auth,
          'content-type: application/json',
          'content-length: 2',
          'content-length: 3',
        ]) + '{}',
    },
    {
      label: 'content-length shorter than the body',
      text:
        head('POST /v1/alerts HTTP/1.1', [auth, 'content-type: application/json', 'content-length: 1']) +
        '{"name":"x"}',
    },
    {
      label: 'gzip content-encoding on plain JSON',
      text:
        head('POST /v1/alerts HTTP/1.1', [
          auth,
          'content-type: application/json',
          'content-encoding: gzip',
          'content-length: 2',
        ]) + '{}',
    },
    { label: 'HEAD of a list', text: head('HEAD /v1/alerts HTTP/1.1', [auth]) },
    { label: 'HEAD without credentials', text: head('HEAD /v1/sessions HTTP/1.1') },
    {
      label: 'ingest preflight from the website',
      text: head('OPTIONS /v1/ingest HTTP/1.1', [
        'origin: https://shop.example.com',
        'access-control-request-method: POST',
      ]),
    },
    {
      label: 'ingest preflight from a malformed origin',
      text: head('OPTIONS /v1/ingest HTTP/1.1', ['origin: http://[::1', 'access-control-request-method: POST']),
    },
    {
      label: 'UTF-8 bytes in a user-agent',
      text: head('GET /v1/alerts HTTP/1.1', [
        auth,
        `user-agent: ${Buffer.from('Mozilla/5.0 😀 é', 'utf8').toString('latin1')}`,
      ]),
    },
    {
      label: 'empty JSON body on DELETE',
      text: head('DELETE /v1/alerts/none HTTP/1.1', [auth, 'content-type: application/json', 'content-length: 0']),
    },
  ];
  return fc.constantFrom(...cases);
}
