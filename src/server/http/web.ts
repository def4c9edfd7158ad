import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors.ts';
import { useDashboardPolicy } from './security-headers.ts';

const API_PREFIXES = ['/v1/', '/docs', '/healthz', '/readyz'];

/**
 * Serves the built dashboard from `webRoot` and answers unknown GETs for pages with its index.html, so
 * client-side routes survive a reload. Everything else unknown is a 404 in the error envelope.
 */
export async function registerWeb(app: FastifyInstance, webRoot: string, publicUrl: string): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !API_PREFIXES.some((prefix) => request.url.startsWith(prefix)) &&
      (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && isPage) {
      useDashboardPolicy(reply, publicUrl);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw errors.routeNotFound(request.method, request.url);
  });
}
