/** What one delivery attempt came to, and how HTTP responses map onto that. */
import { parseRetryAfter } from '../worker/backoff.ts';
import { DeliveryRequestError, type PostResponse } from './guarded-post.ts';

export type AttemptOutcome =
  | { ok: true; statusCode: number }
  | {
      ok: false;
      statusCode: number | null;
      /** Shown to the account in the delivery log. */
      error: string;
      /** No retry will help (410 Gone, a disabled webhook, a channel that does not exist…). */
      permanent: boolean;
      /** The receiver's own `retry-after`, in milliseconds, when it gave one on 429/503. */
      retryAfterMs: number | null;
    };

/** The request was not even attempted, or cannot succeed as it stands. */
export function permanentFailure(error: string, statusCode: number | null = null): AttemptOutcome {
  return { ok: false, statusCode, error, permanent: true, retryAfterMs: null };
}

export function retryableFailure(
  error: string,
  statusCode: number | null = null,
  retryAfterMs: number | null = null,
): AttemptOutcome {
  return { ok: false, statusCode, error, permanent: false, retryAfterMs };
}

/** A network-level failure (no HTTP response): always worth another try later. */
export function requestFailure(error: unknown): AttemptOutcome {
  const message = error instanceof DeliveryRequestError ? error.message : 'The request failed.';
  return retryableFailure(message);
}

const SNIPPET_LENGTH = 200;

function snippet(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text === '') return '';
  return `: ${text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH)}…` : text}`;
}

/** 2xx succeeds; a redirect is a failure (never followed); 410 stops; 429/503 may say when to come back. */
export function classifyResponse(response: PostResponse, wallNow: number): AttemptOutcome {
  const status = response.statusCode;
  if (status >= 200 && status < 300) return { ok: true, statusCode: status };
  if (status >= 300 && status < 400) {
    const location = typeof response.headers.location === 'string' ? ` to ${response.headers.location}` : '';
    return retryableFailure(`HTTP ${status}: redirects are not followed (redirected${location}).`, status);
  }
  if (status === 410) return permanentFailure('HTTP 410 Gone: the receiver asked for no more deliveries.', status);
  const retryAfter =
    status === 429 || status === 503 ? parseRetryAfter(headerText(response.headers['retry-after']), wallNow) : null;
  return retryableFailure(`HTTP ${status}${snippet(response.body)}`, status, retryAfter);
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
