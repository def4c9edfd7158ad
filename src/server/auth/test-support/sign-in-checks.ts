/**
 * What the sign-in suites check answers against: the role table written out, the body of GET /v1/auth/me,
 * the login sessions the server keeps, and the attributes of the session cookie a response sets.
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { SCOPES, type Role } from '../../../api/schemas/common.ts';
import type { TestContext } from '../../test/harness.ts';

/** The role table of decisions §1 (analysts also read websites), written out rather than imported. */
export const ROLE_TABLE: Record<Role, string[]> = {
  admin: [...SCOPES, 'account:admin'],
  analyst: ['alerts:read', 'users.sessions:read', 'webhooks:read', 'websites:read'],
  support: ['users.sessions:read', 'websites:read'],
};

export interface MeJson {
  account: { account_id: string; name: string };
  user: { user_id: string; email: string; name: string; role: string; created_at: number } | null;
  token_name: string | null;
  permissions: string[];
}

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export async function loginRowsFor(ctx: TestContext, userId: string) {
  return ctx.database.db.selectFrom('login_sessions').selectAll().where('user_id', '=', userId).execute();
}

function setCookieLines(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** The value and attributes of the set-cookie line for `name` (the session cookie unless told), keys lower-cased. */
export function sessionCookieAttributes(
  response: LightMyRequestResponse,
  name = 'sa_session',
): {
  value: string;
  attributes: Map<string, string>;
} {
  const line = setCookieLines(response).find((candidate) => candidate.startsWith(`${name}=`));
  expect(line, `a ${name} set-cookie`).toBeDefined();
  const [pair = '', ...parts] = (line ?? '').split(';').map((part) => part.trim());
  const attributes = new Map<string, string>();
  for (const part of parts) {
    const [key = '', ...rest] = part.split('=');
    attributes.set(key.toLowerCase(), rest.join('='));
  }
  return { value: pair.slice(name.length + 1), attributes };
}

/** Whether a set-cookie line's attributes remove the cookie (an expiry in the past or a max-age of 0). */
export function clearsCookie(attributes: Map<string, string>): boolean {
  return attributes.get('max-age') === '0' || new Date(attributes.get('expires') ?? '').getTime() < Date.now();
}
