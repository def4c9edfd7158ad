import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Permission } from '../../api/schemas/common.ts';
import type { Db } from '../db/database.ts';
import { errors } from '../errors.ts';
import { authenticateToken } from '../features/tokens/tokens.service.ts';
import { SESSION_COOKIE, resolveLoginSession } from './login-sessions.ts';
import type { Principal } from './principal.ts';
import { type SignInCookies, signInCookies } from './sign-in-cookies.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a route needs (`authenticated`: any principal); routes without one are public. */
    scope?: Permission | 'authenticated';
    /** Public routes that change state through a cookie (sign-in) still get the same-origin check. */
    sameOriginOnly?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

// `Bearer <token>`, or the bare token as clients of the hosted service send it (an API-key header).
const TOKEN_HEADER = /^(?:Bearer +)?(\S+) *$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The principal of a request that must be authenticated; routes with a scope always have one. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw errors.unauthenticated();
  return request.principal;
}

/**
 * Cookie-authenticated requests that change state must come from the app's own origin. With the
 * SameSite cookie and the JSON-only bodies (which browsers cannot send cross-site without a CORS
 * preflight this server never grants), this closes cross-site request forgery.
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin ?? (request.headers.referer ? safeOrigin(request.headers.referer) : undefined);
  const allowed = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.host}`]);
  if (origin ? allowed.has(origin) : request.headers['sec-fetch-site'] === 'same-origin') return;
  throw errors.forbidden('cross_site_request', 'This request must come from the app itself');
}

function safeOrigin(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).origin : undefined;
}

async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  publicUrl: string,
  cookies: SignInCookies,
): Promise<Principal> {
  const header = request.headers.authorization;
  if (header) {
    const match = TOKEN_HEADER.exec(header);
    if (!match?.[1]) throw errors.unauthenticated('The Authorization header must be "Bearer <token>" or the token');
    const principal = await authenticateToken(db, match[1]);
    if (!principal) throw errors.unauthenticated('The API token is unknown, revoked or expired');
    return principal;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) {
    const principal = await resolveLoginSession(db, cookie);
    if (!principal) {
      // The browser forgets the dead session, so its next visit goes straight to the sign-in page.
      cookies.end(reply);
      throw errors.unauthenticated('Your sign-in has expired; sign in again');
    }
    assertSameOrigin(request, publicUrl);
    return principal;
  }
  throw errors.unauthenticated();
}

/** Authenticates every request to a route that declares a permission, then checks it (401, then 403). */
export function registerAuthentication(app: FastifyInstance, db: Db, publicUrl: string): void {
  const cookies = signInCookies(publicUrl);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request, reply) => {
    const { scope, sameOriginOnly } = request.routeOptions.config;
    if (sameOriginOnly) assertSameOrigin(request, publicUrl);
    if (!scope) return;
    const principal = await authenticate(request, reply, db, publicUrl, cookies);
    request.principal = principal;
    if (scope !== 'authenticated' && !principal.scopes.has(scope)) throw errors.insufficientScope(scope);
  });
}
