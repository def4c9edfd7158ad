/**
 * Requests to GET /v1/sessions for the list route's suites: the query string as written, the list's
 * order computed independently of the server, sessions inserted at given times, and the 400 answer.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SessionListResource } from '../../../../api/schemas/sessions.ts';
import type { TestAccount, TestContext } from '../../../test/harness.ts';
import { insertSession, insertVisitor, type SessionOverrides } from '../../../test/session-fixtures.ts';
import type { SessionsTable } from '../sessions.table.ts';

export type SessionQuery = Record<string, string | number>;

/** Builds the query string by hand (%20 for spaces), so what the server sees is exactly what is written. */
export function sessionsUrl(query: SessionQuery = {}): string {
  const parts = Object.entries(query).map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`,
  );
  return parts.length === 0 ? '/v1/sessions' : `/v1/sessions?${parts.join('&')}`;
}

/** Newest first by creation_timestamp, ties by id descending: the contract's order, computed independently. */
export function listOrder(rows: Pick<SessionsTable, 'id' | 'creation_timestamp'>[]): string[] {
  return [...rows]
    .sort((a, b) => b.creation_timestamp - a.creation_timestamp || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => row.id);
}

export function sessionIds(body: SessionListResource): string[] {
  return body.sessions.map((session) => session.id);
}

export function expectValidationError(response: LightMyRequestResponse, param: string, code?: string): void {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ error: Record<string, unknown> }>();
  expect(body.error).toMatchObject({ type: 'validation_error', param, http_status_code: 400 });
  if (code !== undefined) expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.request_id).toBe(response.headers['x-request-id']);
}

/** The list route of the suite's app: `list` asks for a page (and fails unless it is a 200), `sessionsAt` seeds. */
export function sessionListApi(ctx: () => TestContext) {
  const db = () => ctx().database.db;

  async function list(account: TestAccount, query: SessionQuery = {}): Promise<SessionListResource> {
    const response = await ctx().request(account.token, { method: 'GET', url: sessionsUrl(query) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionListResource>();
  }

  /** Inserts sessions of one new visitor at the given timestamps; returns the rows. */
  async function sessionsAt(account: TestAccount, timestamps: number[], overrides: SessionOverrides = {}) {
    const visitor = await insertVisitor(db(), account.accountId);
    const rows: SessionsTable[] = [];
    for (const ts of timestamps) {
      rows.push(
        await insertSession(db(), account.accountId, account.websiteId, visitor.id, {
          ...overrides,
          creation_timestamp: ts,
        }),
      );
    }
    return { visitor, rows };
  }

  return { list, sessionsAt };
}
