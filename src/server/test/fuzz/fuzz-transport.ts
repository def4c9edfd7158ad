/**
 * Sends a generated request the way it asks: through `inject`, through `fetch` to the listening port,
 * or as raw bytes on a TCP socket (the only way to send what HTTP clients refuse to: bad request
 * lines, oversized headers, bodies on GET).
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { FuzzRequest } from './fuzz-request.ts';

export interface FuzzResponse {
  /** 0 when no HTTP response came back. */
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

/** Give up long after the 2 s the checks allow, so a stall shows as slow rather than as a hang. */
const CLIENT_TIMEOUT_MS = 10_000;

async function viaInject(app: FastifyInstance, request: FuzzRequest): Promise<Omit<FuzzResponse, 'ms'>> {
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    remoteAddress: request.remoteAddress,
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
  const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, String(value)]));
  return { status: response.statusCode, headers, body: response.body };
}

async function viaFetch(port: number, request: FuzzRequest): Promise<Omit<FuzzResponse, 'ms'>> {
  const response = await fetch(`http://127.0.0.1:${port}${request.url}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    redirect: 'manual',
    signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
  });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}

/** The request as HTTP/1.1 bytes, closing the connection after one response. */
export function rawRequestBytes(request: FuzzRequest, port: number): Buffer {
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  const lines = [`${request.method} ${request.url} HTTP/1.1`, `host: 127.0.0.1:${port}`, 'connection: close'];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body === undefined ? head : Buffer.concat([head, body]);
}

function decodeChunked(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < data.length) {
    const lineEnd = data.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses the first HTTP response in `data`; status 0 when there is none. */
export function parseRawResponse(data: Buffer): Omit<FuzzResponse, 'ms'> {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd < 0) return { status: 0, headers: {}, body: data.toString('utf8') };
  const [statusLine = '', ...headerLines] = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = data.subarray(headEnd + 4);
  if (headers['transfer-encoding']?.includes('chunked')) body = decodeChunked(body);
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  return { status, headers, body: body.toString('utf8') };
}

/** Writes `bytes` to the port and reads until the server closes the connection. */
export function viaSocket(port: number, bytes: Buffer): Promise<Omit<FuzzResponse, 'ms'>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ port, host: '127.0.0.1' });
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseRawResponse(Buffer.concat(chunks)));
    };
    const timer = setTimeout(finish, CLIENT_TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(bytes);
  });
}

/** Sends `request` and times it. `fetch` refuses bodies on GET, so those go over the socket instead. */
export async function send(app: FastifyInstance, port: number, request: FuzzRequest): Promise<FuzzResponse> {
  const started = performance.now();
  let response: Omit<FuzzResponse, 'ms'>;
  if (request.transport === 'inject') response = await viaInject(app, request);
  else if (request.transport === 'fetch' && (request.body === undefined || request.method !== 'GET'))
    response = await viaFetch(port, request);
  else response = await viaSocket(port, rawRequestBytes(request, port));
  return { ...response, ms: performance.now() - started };
}
