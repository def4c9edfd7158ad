/**
 * Assertions on what the HTTP API answers: the one error envelope, two errors that must not tell apart,
 * no webhook signing secret in a body, and times in ISO 8601 UTC.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ErrorType } from '../errors.ts';

export interface ExpectedError {
  type: ErrorType;
  code?: string;
  /** The field at fault; `null` when the envelope must not name one. */
  param?: string | null;
  message?: string | RegExp;
}

export interface ErrorBody {
  type: string;
  code: string;
  param?: string;
  message: string;
  http_status_code: number;
  request_id: string;
}

const ENVELOPE_FIELDS = ['type', 'code', 'param', 'message', 'http_status_code', 'request_id'];

/** Signs of an internal detail leaking into a response: stack frames, SQL, driver names. */
const LEAK =
  /\bat \S+ \(|node_modules|\.ts:\d+|SQLITE_|\bselect\b.*\bfrom\b|\binsert into\b|violates .* constraint|\bpg\b|kysely/i;

/** Asserts the one error envelope of the API (decisions §2) and returns its `error` object. */
export function expectError(response: LightMyRequestResponse, status: number, expected: ExpectedError): ErrorBody {
  expect(response.statusCode, `status for ${response.body}`).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const requestId = response.headers['x-request-id'];
  expect(requestId).toMatch(/^req_[0-9A-Za-z]+$/);
  const body = response.json<{ error: ErrorBody }>();
  expect(Object.keys(body)).toEqual(['error']);
  const { error } = body;
  expect(ENVELOPE_FIELDS).toEqual(expect.arrayContaining(Object.keys(error)));
  expect(error.type).toBe(expected.type);
  expect(error.http_status_code).toBe(status);
  expect(error.request_id).toBe(requestId);
  expect(error.code).toMatch(/^[a-z_]+$/);
  expect(error.message.length).toBeGreaterThan(0);
  if (expected.code !== undefined) expect(error.code).toBe(expected.code);
  if (expected.param === null) expect(error).not.toHaveProperty('param');
  else if (expected.param !== undefined) expect(error.param).toBe(expected.param);
  if (typeof expected.message === 'string') expect(error.message).toContain(expected.message);
  else if (expected.message) expect(error.message).toMatch(expected.message);
  expect(response.body).not.toMatch(LEAK);
  return error;
}

/** Two error responses that must not tell apart (an unknown id and another account's id). */
export function expectSameErrorApartFromRequestId(first: LightMyRequestResponse, second: LightMyRequestResponse): void {
  expect(second.statusCode).toBe(first.statusCode);
  const a = first.json<{ error: ErrorBody }>().error;
  const b = second.json<{ error: ErrorBody }>().error;
  expect(a.request_id).not.toBe(b.request_id);
  expect({ ...b, request_id: 'x' }).toEqual({ ...a, request_id: 'x' });
}

/** The raw text of a response must never carry a webhook signing secret. */
export function expectNoSecret(response: LightMyRequestResponse): void {
  expect(response.body).not.toContain('whsec_');
  // No field that carries a secret (`secret`, `previous_secret`); `previous_secret_expires_at` is a time.
  expect(response.body).not.toMatch(/"[a-z_]*secret"\s*:/i);
}

/** ISO 8601 in UTC with a Z, as `Date.prototype.toISOString` writes it. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
