import type { FastifyInstance } from 'fastify';

/**
 * A request that declares a JSON body but carries no bytes (SDKs send `content-type: application/json`
 * on every DELETE) is a request without a body, not malformed JSON. Without a length or a transfer
 * encoding, an HTTP request has no body, so dropping the content type lets it through as bodyless;
 * a route that needs a body still refuses it through its schema.
 */
export function registerEmptyJsonBody(app: FastifyInstance): void {
  // A callback hook: every request passes through it, and an async one costs a promise each.
  app.addHook('onRequest', (request, _reply, done) => {
    const { headers } = request;
    if (headers['content-type'] !== undefined && headers['transfer-encoding'] === undefined) {
      const length = headers['content-length'];
      if (length === undefined || length === '0') delete headers['content-type'];
    }
    done();
  });
}
