/**
 * The one HTTP client of deliveries: a single POST, no redirects, one deadline for the whole
 * exchange, a capped response body, and the SSRF guard on the address actually connected to.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { BlockedAddressError, guardedLookup, isPublicAddress } from '../../../lib/address-guard.ts';

/** Enough of a response to show an error; the rest is not read. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export type RequestFailureReason = 'refused_target' | 'timeout' | 'network' | 'aborted';

/** The request got no HTTP response; `message` is fit to show the account in the delivery log. */
export class DeliveryRequestError extends Error {
  readonly reason: RequestFailureReason;

  constructor(reason: RequestFailureReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeliveryRequestError';
    this.reason = reason;
  }
}

export interface PostOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Accept plain http targets. */
  allowHttp: boolean;
  /** Accept loopback, private and other internal addresses. */
  allowPrivate: boolean;
  signal?: AbortSignal;
}

export interface PostResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  /** At most the first 64 KB, as text. */
  body: string;
}

/** Refuses what must never be connected to, before any socket is opened. */
function checkTarget(raw: string, options: Pick<PostOptions, 'allowHttp' | 'allowPrivate'>): URL {
  if (!URL.canParse(raw))
    throw new DeliveryRequestError('refused_target', 'The target URL is not a valid absolute URL.');
  const url = new URL(raw);
  const schemeAllowed = url.protocol === 'https:' || (options.allowHttp && url.protocol === 'http:');
  if (!schemeAllowed)
    throw new DeliveryRequestError('refused_target', `The target URL must use https (got ${url.protocol}).`);
  if (url.username !== '' || url.password !== '') {
    throw new DeliveryRequestError('refused_target', 'The target URL must not contain a user name or password.');
  }
  // Node does not call `lookup` for literal addresses, so the guard is applied here for those.
  const host = literalHost(url);
  if (!options.allowPrivate && net.isIP(host) !== 0 && !isPublicAddress(host)) {
    throw new DeliveryRequestError(
      'refused_target',
      `Refusing to connect to ${url.hostname}: it is a private or internal network address.`,
    );
  }
  return url;
}

function literalHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

function describeNetworkError(error: unknown, url: URL): DeliveryRequestError {
  if (error instanceof DeliveryRequestError) return error;
  if (error instanceof BlockedAddressError)
    return new DeliveryRequestError('refused_target', error.message, { cause: error });
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = url.host;
  const messages: Record<string, string> = {
    ECONNREFUSED: `Connection refused by ${where}.`,
    ECONNRESET: `The connection to ${where} was reset.`,
    ENOTFOUND: `The host ${url.hostname} could not be resolved.`,
    EAI_AGAIN: `The host ${url.hostname} could not be resolved (DNS temporary failure).`,
    EHOSTUNREACH: `The host ${where} is unreachable.`,
    ETIMEDOUT: `Connecting to ${where} timed out.`,
    ABORT_ERR: 'The request was aborted because the server is shutting down.',
  };
  const message =
    (code && messages[code]) ?? `Request to ${where} failed: ${error instanceof Error ? error.message : String(error)}`;
  return new DeliveryRequestError(code === 'ABORT_ERR' ? 'aborted' : 'network', message, { cause: error });
}

/** POSTs `body` once; resolves with any HTTP response (3xx included), rejects with DeliveryRequestError. */
export function guardedPost(options: PostOptions): Promise<PostResponse> {
  let url: URL;
  try {
    url = checkTarget(options.url, options);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  const transport = url.protocol === 'https:' ? https : http;

  return new Promise<PostResponse>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };

    const request = transport.request({
      method: 'POST',
      hostname: literalHost(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
      lookup: guardedLookup({ allowPrivate: options.allowPrivate }),
      // A fresh connection per delivery: no socket (and no earlier address check) is reused.
      agent: false,
      ...(options.signal ? { signal: options.signal } : {}),
    });

    const timer = setTimeout(() => {
      finish(() =>
        reject(new DeliveryRequestError('timeout', `No complete response within ${options.timeoutMs / 1000} s.`)),
      );
      request.destroy();
    }, options.timeoutMs);

    request.on('error', (error) => finish(() => reject(describeNetworkError(error, url))));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish(() =>
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      response.on('data', (chunk: Buffer) => {
        if (size >= MAX_RESPONSE_BYTES) return;
        chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
        size += chunk.length;
        if (size >= MAX_RESPONSE_BYTES) {
          done();
          response.destroy();
        }
      });
      response.on('end', done);
      response.on('error', (error) => finish(() => reject(describeNetworkError(error, url))));
    });
    request.end(options.body);
  });
}
