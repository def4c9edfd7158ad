/**
 * People (dashboard sign-ins) for the API suites: create a person of a role in a test account, sign
 * them in through POST /v1/auth/login, and send cookie-authenticated requests as the dashboard does.
 */
import crypto from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../api/schemas/common.ts';
import type { UserResource } from '../../api/schemas/users.ts';
import { SESSION_COOKIE } from '../auth/login-sessions.ts';
import type { Db } from '../db/database.ts';
import { createUser } from '../features/users/users.service.ts';
import type { TestContext } from './harness.ts';

/** The harness's PUBLIC_URL origin: what the dashboard's own requests carry in `origin`. */
export const APP_ORIGIN = 'https://app.example.test';
export const EVIL_ORIGIN = 'https://evil.example';

export interface Person {
  user: UserResource;
  email: string;
  password: string;
}

/** A fresh e-mail no other test uses (e-mails are unique across accounts). */
export function uniqueEmail(label = 'person'): string {
  return `${label}-${crypto.randomBytes(5).toString('hex')}@example.com`;
}

/** Adds a person of `role` to an account, with a generated password. */
export async function createPerson(db: Db, accountId: string, role: Role, email = uniqueEmail(role)): Promise<Person> {
  const { user, password } = await createUser(db, accountId, { email, role });
  return { user, email: user.email, password };
}

/**
 * A random client address, so sign-ins of ordinary tests each get their own per-IP sign-in budget
 * (the login route allows 10 attempts a minute per IP).
 */
export function randomIp(): string {
  const [a = 0, b = 0, c = 1] = crypto.randomBytes(3);
  return `10.${a}.${b}.${Math.max(1, c % 255)}`;
}

/** POST /v1/auth/login as the dashboard sends it (same origin, JSON). */
export function login(
  ctx: TestContext,
  body: unknown,
  options: { origin?: string | null; remoteAddress?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const origin = options.origin === undefined ? APP_ORIGIN : options.origin;
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    remoteAddress: options.remoteAddress ?? randomIp(),
    headers: { 'content-type': 'application/json', ...(origin === null ? {} : { origin }), ...(options.headers ?? {}) },
    payload: JSON.stringify(body),
  });
}

/** POST /v1/auth/set-password with a set-password link's secret, as the dashboard's page sends it. */
export function setPasswordWithLink(
  ctx: TestContext,
  link: string,
  newPassword: string,
  options: { remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const token = new URL(link).hash.replace(/^#token=/, '');
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/auth/set-password',
    remoteAddress: options.remoteAddress ?? randomIp(),
    headers: { 'content-type': 'application/json', origin: APP_ORIGIN },
    payload: JSON.stringify({ token, new_password: newPassword }),
  });
}

/** The `name=value` part of the session cookie a response sets, or undefined. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const line = lines.find((candidate) => candidate.startsWith(`${SESSION_COOKIE}=`));
  return line?.split(';')[0];
}

/** Signs a person in and returns the `cookie` request header (`sa_session=…`); fails the test otherwise. */
export async function signIn(ctx: TestContext, email: string, password: string): Promise<string> {
  const response = await login(ctx, { email, password });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = sessionCookieOf(response);
  expect(cookie, 'set-cookie').toBeDefined();
  return cookie as string;
}

/** Creates a person of `role` and signs them in. */
export async function signedInPerson(
  ctx: TestContext,
  accountId: string,
  role: Role,
): Promise<Person & { cookie: string }> {
  const person = await createPerson(ctx.database.db, accountId, role);
  return { ...person, cookie: await signIn(ctx, person.email, person.password) };
}

/**
 * A request with the session cookie, as the dashboard sends it: same `origin` unless told otherwise
 * (`origin: null` leaves the header out), JSON body when one is given.
 */
export function asPerson(
  ctx: TestContext,
  cookie: string,
  options: Omit<InjectOptions, 'headers' | 'payload' | 'body'> & {
    body?: unknown;
    origin?: string | null;
    headers?: Record<string, string>;
  },
): Promise<LightMyRequestResponse> {
  const { body, origin: givenOrigin, headers = {}, ...rest } = options;
  const origin = givenOrigin === undefined ? APP_ORIGIN : givenOrigin;
  return ctx.app.inject({
    ...rest,
    headers: {
      cookie,
      ...(origin === null ? {} : { origin }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  } as InjectOptions);
}
