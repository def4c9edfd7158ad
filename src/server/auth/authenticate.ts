import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Scope } from '../../api/schemas/common.ts';
import type { Db } from '../db/database.ts';
import { errors } from '../errors.ts';
import { authenticateToken } from '../features/tokens/tokens.service.ts';
import type { Principal } from './principal.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a route needs; routes without one are public. */
    scope?: Scope;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const BEARER = /^Bearer +(\S+) *$/i;

/** The principal of a request that must be authenticated; routes with a scope always have one. */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw errors.unauthenticated();
  return request.principal;
}

/** Authenticates every request to a route that declares a scope, then checks that scope (401, then 403). */
export function registerAuthentication(app: FastifyInstance, db: Db): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config.scope;
    if (!scope) return;
    const header = request.headers.authorization;
    if (!header) throw errors.unauthenticated();
    const match = BEARER.exec(header);
    if (!match?.[1]) throw errors.unauthenticated('The Authorization header must be "Bearer <token>"');
    const principal = await authenticateToken(db, match[1]);
    if (!principal) throw errors.unauthenticated('The API token is unknown, revoked or expired');
    request.principal = principal;
    if (!principal.scopes.has(scope)) throw errors.insufficientScope(scope);
  });
}
