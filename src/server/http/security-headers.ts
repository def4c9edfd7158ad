import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_POLICY, type CspDirectives, DASHBOARD_POLICY, DOCS_POLICY } from './content-security-policy.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The security headers of the route's responses, worked out once when the route is added. */
    securityHeaders?: SecurityHeaders;
  }
}

type SecurityHeaders = Readonly<Record<string, string>>;

const HSTS_MAX_AGE_SECONDS = 365 * 86_400;

/** Helmet's options for one kind of response: what differs from the API's is its policy or resource policy. */
function helmetOptions(https: boolean, kind: { csp?: CspDirectives; crossOrigin?: boolean } = {}): HelmetOptions {
  // Upgrading subresource requests only makes sense where the service is reached over https.
  const upgrade: Record<string, string[]> = https ? { 'upgrade-insecure-requests': [] } : {};
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { ...(kind.csp ?? API_POLICY), ...upgrade } },
    crossOriginResourcePolicy: { policy: kind.crossOrigin ? 'cross-origin' : 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets with these options, read once from its middleware: none of ours varies from
 * one request to the next (no nonces), so a response needs only the finished set. Running helmet on
 * every request, as a per-request plugin does, cost about a tenth of the server's CPU for a first page.
 */
function helmetHeaders(options: HelmetOptions): SecurityHeaders {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/** The headers of each kind of response, for an https or a plain http public address. */
function headerSets(https: boolean) {
  return {
    api: helmetHeaders(helmetOptions(https)),
    dashboard: helmetHeaders(helmetOptions(https, { csp: DASHBOARD_POLICY })),
    docs: helmetHeaders(helmetOptions(https, { csp: DOCS_POLICY })),
    crossOrigin: helmetHeaders(helmetOptions(https, { crossOrigin: true })),
  };
}

const setsByScheme = new Map<boolean, ReturnType<typeof headerSets>>();

function headersFor(publicUrl: string) {
  const https = publicUrl.startsWith('https:');
  let sets = setsByScheme.get(https);
  if (!sets) {
    sets = headerSets(https);
    setsByScheme.set(https, sets);
  }
  return sets;
}

/** Routes whose responses are not API JSON, by path: the headers each gets instead. */
function routeHeaders(url: string, sets: ReturnType<typeof headerSets>): SecurityHeaders {
  if (url === '/docs' || url.startsWith('/docs/')) return sets.docs;
  // Loaded by customers' pages on other origins: the tracker script, and the endpoint it posts to.
  if (url === '/t.js' || url === '/v1/ingest') return sets.crossOrigin;
  if (url.endsWith('.html')) return sets.dashboard;
  return sets.api;
}

/**
 * Security headers on every response, as helmet writes them: a Content-Security-Policy per kind of
 * response (none may be framed), nosniff, X-Frame-Options DENY, no Referer sent, same-origin resource
 * and opener policies, and HSTS when the public address is https. Each route's set is chosen when the
 * route is added; a request without a route (a 404) gets the API's.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const sets = headersFor(publicUrl);
  // Added before any route, so routes registered later (Swagger UI's included) get their own set.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, securityHeaders: routeHeaders(route.url ?? '', sets) };
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaders ?? sets.api);
    done();
  });
}

/** Sets the dashboard's headers on a reply that serves its index.html from outside a route of its own. */
export function useDashboardPolicy(reply: FastifyReply, publicUrl: string): void {
  reply.headers(headersFor(publicUrl).dashboard);
}
