import type { FastifyPluginAsync } from 'fastify';
import { type Db, isDatabaseReachable } from '../db/database.ts';
import { errors } from '../errors.ts';

/** Liveness (the process answers) and readiness (the database answers) for load balancers and orchestrators. */
export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/healthz', { schema: { hide: true } }, () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async () => {
    if (!(await isDatabaseReachable(db))) throw errors.databaseUnavailable();
    return { status: 'ok' };
  });
};
