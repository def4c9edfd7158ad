/**
 * What every response must satisfy, whatever was sent: no 5xx, the error envelope (with its request id
 * also in `x-request-id`) on every 4xx, JSON on every 2xx, an answer within 2 s, no key of the
 * request leaking onto Object.prototype; valid credentials are never a 401, and an empty body sent to
 * an operation that takes none is no body at all.
 */
import { ERROR_TYPES } from '../../../api/schemas/common.ts';
import type { FuzzResponse } from './fuzz-transport.ts';

export const MAX_RESPONSE_MS = 2_000;

const ENVELOPE_FIELDS = new Set(['type', 'code', 'param', 'message', 'http_status_code', 'request_id']);

function envelopeViolations(response: FuzzResponse): string[] {
  const problems: string[] = [];
  if (!/^application\/json/.test(response.headers['content-type'] ?? '')) {
    problems.push(`4xx content-type is ${JSON.stringify(response.headers['content-type'] ?? null)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    return [...problems, `4xx body is not JSON: ${JSON.stringify(response.body.slice(0, 120))}`];
  }
  const keys = parsed && typeof parsed === 'object' ? Object.keys(parsed) : [];
  const error = (parsed as { error?: Record<string, unknown> } | null)?.error;
  if (keys.length !== 1 || !error || typeof error !== 'object') {
    return [...problems, `4xx body is not the error envelope: ${response.body.slice(0, 120)}`];
  }
  const requestId = response.headers['x-request-id'];
  if (!ERROR_TYPES.includes(error.type as (typeof ERROR_TYPES)[number]))
    problems.push(`error.type ${String(error.type)}`);
  if (typeof error.code !== 'string' || !/^[a-z_]+$/.test(error.code))
    problems.push(`error.code ${String(error.code)}`);
  if (typeof error.message !== 'string' || error.message.length === 0) problems.push('error.message missing');
  if (error.http_status_code !== response.status)
    problems.push(`error.http_status_code ${String(error.http_status_code)}`);
  if (typeof error.request_id !== 'string' || !/^req_[0-9A-Za-z]+$/.test(error.request_id))
    problems.push('error.request_id missing');
  if (requestId !== error.request_id)
    problems.push(`x-request-id ${String(requestId)} is not error.request_id ${String(error.request_id)}`);
  const extra = Object.keys(error).filter((key) => !ENVELOPE_FIELDS.has(key));
  if (extra.length > 0) problems.push(`unexpected envelope fields ${extra.join(', ')}`);
  return problems;
}

/** What the checks need to know of the request beyond the response. */
export interface SentRequest {
  method: string;
  authenticated?: boolean;
  emptyBodyWithoutSchema?: boolean;
}

function errorCode(response: FuzzResponse): string | undefined {
  return /"code":"(\w+)"/.exec(response.body)?.[1];
}

/** The properties a response breaks; empty when it keeps them all. */
export function violationsOf(request: SentRequest, response: FuzzResponse): string[] {
  const { method } = request;
  const problems: string[] = [];
  if (request.authenticated && response.status === 401)
    problems.push(`valid credentials refused: ${response.body.slice(0, 160)}`);
  const code = errorCode(response);
  if (request.emptyBodyWithoutSchema && (response.status === 415 || code === 'invalid_json')) {
    problems.push(`empty body refused (${response.status} ${code ?? ''})`);
  }
  if (response.ms > MAX_RESPONSE_MS) problems.push(`took ${Math.round(response.ms)} ms`);
  if ((Object.prototype as Record<string, unknown>).polluted !== undefined) {
    problems.push('Object.prototype was polluted');
    delete (Object.prototype as Record<string, unknown>).polluted;
  }
  if (response.status === 0) return [...problems, `no HTTP response: ${JSON.stringify(response.body.slice(0, 80))}`];
  if (response.status >= 500) return [...problems, `status ${response.status}: ${response.body.slice(0, 200)}`];
  // A HEAD answer has no body by definition, so only its status is judged.
  if (method === 'HEAD') return problems;
  if (response.status >= 400) return [...problems, ...envelopeViolations(response)];
  if (response.status < 200 || response.status >= 300) return [...problems, `unexpected status ${response.status}`];
  if (response.body.length > 0) {
    try {
      JSON.parse(response.body);
    } catch {
      problems.push(`2xx body is not JSON: ${JSON.stringify(response.body.slice(0, 120))}`);
    }
  }
  return problems;
}
