import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { errors } from '../errors.ts';
import { principalKey } from './principal.ts';

/**
 * Per-principal request budget with the IETF draft `ratelimit-*` headers and `retry-after` on 429.
 * Counters live in process memory: with several processes each keeps its own budget.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    enableDraftSpec: true,
    // Public routes (health, documentation) carry no principal and are not limited here.
    allowList: (request) => request.principal === null,
    keyGenerator: (request) => (request.principal ? principalKey(request.principal) : request.ip),
    errorResponseBuilder: (_request, context) => errors.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
