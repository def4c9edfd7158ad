import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { errors } from '../errors.ts';
import { connectRedis, firstConnection } from '../lib/redis-client.ts';
import { principalKey } from './principal.ts';

/**
 * Per-principal request budget with the IETF draft `ratelimit-*` headers and `retry-after` on 429.
 * With REDIS_URL the counters (this one, sign-in and ingest, which share the store) live in Redis, so
 * every process spends from one budget; without it each process counts alone. If Redis is unreachable
 * requests are served unlimited rather than refused: the limits protect the service, Redis must not take it down.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, app.log.child({ component: 'rate-limit' })) : null;
  if (redis) {
    app.addHook('onClose', async () => redis.disconnect());
    await firstConnection(redis);
  }
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    enableDraftSpec: true,
    ...(redis ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:`, skipOnError: true } : {}),
    // Public routes (health, documentation) carry no principal and are not limited here.
    allowList: (request) => request.principal === null,
    keyGenerator: (request) => (request.principal ? principalKey(request.principal) : request.ip),
    errorResponseBuilder: (_request, context) => errors.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
