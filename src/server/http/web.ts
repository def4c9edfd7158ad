import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors.ts';
import { useDashboardPolicy } from './security-headers.ts';
import { signInCookies } from '../auth/sign-in-cookies.ts';
import { isApiPath } from './api-paths.ts';

/** The dashboard's pages for people not signed in, which never ask who is. */
const SIGN_IN_PAGES = ['/login', '/set-password'];

/**
 * Asks the browser to start asking who is signed in while the page's scripts load: the dashboard's first
 * request, which every signed-in page waits for, then costs no round trip after them. Same address,
 * mode and credentials as the dashboard's own request, which takes the answer over.
 */
const WHO_IS_SIGNED_IN_PRELOAD = '</v1/auth/me>; rel=preload; as=fetch; crossorigin';

/** The brotli and gzip copies the build writes beside a file (scripts/precompress-web.ts). */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** Built files whose names carry a hash of their content (Vite's `assets/`): a new build gives new names. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;

/**
 * How long a browser keeps a built file: for good when its name changes with its content, an hour for the
 * rest (the favicon), and the page itself revalidated every time so a new build is picked up at once. The
 * same address may be sent compressed or not, so caches keep one copy per Accept-Encoding.
 */
function setStaticHeaders(response: SetHeadersResponse, sent: string): void {
  const file = sent.replace(COMPRESSED_COPY, '');
  response.setHeader('vary', 'Accept-Encoding');
  if (file.includes(HASHED_ASSETS)) response.setHeader('cache-control', 'public, max-age=31536000, immutable');
  else if (file.endsWith('.html')) response.setHeader('cache-control', 'no-cache');
  else response.setHeader('cache-control', 'public, max-age=3600');
}

/**
 * Serves the built dashboard from `webRoot` and answers unknown GETs for pages with its index.html, so
 * client-side routes survive a reload. Everything else unknown is a 404 in the error envelope. The build
 * writes a brotli and a gzip copy of each text file (scripts/precompress-web.ts), sent to browsers that
 * accept them.
 */
export async function registerWeb(app: FastifyInstance, webRoot: string, publicUrl: string): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const cookies = signInCookies(publicUrl);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are sent in place of their file, never under their own names.
      allowedPath: (pathname) => !COMPRESSED_COPY.test(pathname),
      cacheControl: false,
      setHeaders: setStaticHeaders,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' && !isApiPath(request.url) && (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && isPage) {
      useDashboardPolicy(reply, publicUrl);
      const pathname = request.url.split('?')[0] ?? '';
      if (cookies.follow(request, reply) && !SIGN_IN_PAGES.includes(pathname)) {
        reply.header('link', WHO_IS_SIGNED_IN_PRELOAD);
      }
      return reply.sendFile('index.html');
    }
    throw errors.routeNotFound(request.method, request.url);
  });
}
