import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';
import { API_POLICY, type CspDirectives, DASHBOARD_POLICY, DOCS_POLICY } from './content-security-policy.ts';

const HSTS_MAX_AGE_SECONDS = 365 * 86_400;

type HelmetRouteOptions = NonNullable<Exclude<RouteOptions['helmet'], false>>;

function cspOptions(directives: CspDirectives, https: boolean): HelmetRouteOptions['contentSecurityPolicy'] {
  // Upgrading subresource requests only makes sense where the service is reached over https.
  const upgrade: Record<string, string[]> = https ? { 'upgrade-insecure-requests': [] } : {};
  return { useDefaults: false, directives: { ...directives, ...upgrade } };
}

/** Routes whose responses are not API JSON, by path: the policy each gets instead. */
function routePolicy(url: string, https: boolean): HelmetRouteOptions | null {
  if (url === '/docs' || url.startsWith('/docs/')) return { contentSecurityPolicy: cspOptions(DOCS_POLICY, https) };
  // Loaded by customers' pages on other origins: the tracker script, and the endpoint it posts to.
  if (url === '/t.js' || url === '/v1/ingest') return { crossOriginResourcePolicy: { policy: 'cross-origin' } };
  if (url.endsWith('.html')) return { contentSecurityPolicy: cspOptions(DASHBOARD_POLICY, https) };
  return null;
}

/**
 * Security headers on every response through @fastify/helmet: a Content-Security-Policy per kind of
 * response (none may be framed), nosniff, X-Frame-Options DENY, no Referer sent, same-origin resource
 * and opener policies, and HSTS when the public address is https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const https = publicUrl.startsWith('https:');
  // Added before any route, so routes registered later (Swagger UI's included) get their own policy.
  app.addHook('onRoute', (route) => {
    const policy = routePolicy(route.url ?? '', https);
    if (policy && route.helmet === undefined) route.helmet = policy;
  });
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: cspOptions(API_POLICY, https),
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  });
}

/** Sets the dashboard's headers on a reply that serves its index.html from outside a route of its own. */
export function useDashboardPolicy(reply: FastifyReply, publicUrl: string): void {
  reply.helmet({ contentSecurityPolicy: cspOptions(DASHBOARD_POLICY, publicUrl.startsWith('https:')) });
}
