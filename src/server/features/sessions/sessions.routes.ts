import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SessionList, SessionsQuery } from '../../../api/schemas/sessions.ts';
import { requirePrincipal } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { operation } from '../../http/route-schema.ts';
import { listSessions } from './sessions.service.ts';

export const sessionsRoutes: FastifyPluginAsyncTypebox<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  app.get('/v1/sessions', {
    config: { scope: 'users.sessions:read' },
    schema: {
      ...operation({
        tag: 'Sessions',
        operationId: 'getSessions',
        summary: 'List recorded sessions',
        description:
          'Newest first by creation_timestamp, ties by id descending. `date_from` is inclusive and `date_to` exclusive; ' +
          'relative strings, ISO dates and date-times without offset are read in `tz`. When a date filter is given, ' +
          '`date_range` tells the instants used.',
        scope: 'users.sessions:read',
        success: { 200: SessionList },
      }),
      querystring: SessionsQuery,
    },
    handler: (request) => listSessions(db, requirePrincipal(request).accountId, request.query, { publicUrl }),
  });
};
