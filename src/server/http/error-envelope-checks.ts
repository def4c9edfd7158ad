/**
 * What every error answer of the HTTP suites is checked against: the request id format, the error type
 * each status maps to, and an envelope that shows nothing internal.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export const REQUEST_ID = /^req_[0-9A-Za-z]{8,}$/;

const TYPE_BY_STATUS: Record<number, string> = {
  400: 'validation_error',
  401: 'authentication_error',
  403: 'authorization_error',
  404: 'not_found_error',
  405: 'not_found_error',
  409: 'conflict_error',
  413: 'validation_error',
  415: 'validation_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'api_error',
};

/** What an error body must never show: stack frames, source paths, SQL, driver names. */
const INTERNALS =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+|\bselect\b|\bfrom "|sqlite|postgres|relation "|no such table|kysely|stack/i;

/** Asserts the error envelope: only its fields, the type of the status, the request id of the header. */
export function expectErrorEnvelope(response: LightMyRequestResponse, label = ''): Record<string, unknown> {
  const body = response.json<{ error: Record<string, unknown> }>();
  expect(Object.keys(body), label).toEqual(['error']);
  const allowed = ['type', 'code', 'param', 'message', 'http_status_code', 'request_id'];
  expect(
    Object.keys(body.error).filter((key) => !allowed.includes(key)),
    label,
  ).toEqual([]);
  expect(body.error, label).toMatchObject({
    type: TYPE_BY_STATUS[response.statusCode],
    code: expect.any(String),
    message: expect.any(String),
    http_status_code: response.statusCode,
    request_id: response.headers['x-request-id'],
  });
  expect(response.body, label).not.toMatch(INTERNALS);
  return body.error;
}
