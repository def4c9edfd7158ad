import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RetentionPolicy } from '../../../api/schemas/recordings.ts';
import { requirePrincipal } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { operation } from '../../http/route-schema.ts';
import { getRetention, setRetention } from './retention.service.ts';

export const retentionRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/v1/account/retention', {
    config: { scope: 'users.sessions:read' },
    schema: operation({
      tag: 'Account',
      operationId: 'getRetention',
      summary: 'How long recordings, events and delivery history are kept',
      scope: 'users.sessions:read',
      success: { 200: RetentionPolicy },
    }),
    handler: (request) => getRetention(db, requirePrincipal(request).accountId),
  });

  app.put('/v1/account/retention', {
    config: { scope: 'account:admin' },
    schema: {
      ...operation({
        tag: 'Account',
        operationId: 'setRetention',
        summary: 'Change how long recordings, events and delivery history are kept',
        description:
          'Sessions recorded from now on expire after the new period; a background job deletes what is older.',
        scope: 'account:admin',
        success: { 200: RetentionPolicy },
      }),
      body: RetentionPolicy,
    },
    handler: (request) => setRetention(db, requirePrincipal(request).accountId, request.body.days),
  });
};
