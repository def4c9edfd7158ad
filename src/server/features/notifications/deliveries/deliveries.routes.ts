import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../../api/schemas/common.ts';
import { QueuedDelivery } from '../../../../api/schemas/deliveries.ts';
import { requirePrincipal } from '../../../auth/authenticate.ts';
import type { Db } from '../../../db/database.ts';
import { operation } from '../../../http/route-schema.ts';
import { redeliver } from './delivery-actions.service.ts';

/** Routes of a delivery on its own; an alert's or a webhook's test sends and logs sit with their routes. */
export const deliveriesRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post('/v1/deliveries/:id/redeliver', {
    config: { scope: 'webhooks:write' },
    schema: {
      ...operation({
        tag: 'Webhooks',
        operationId: 'redeliver',
        summary: 'Send a message again',
        description: 'Makes the message pending and due now with a fresh retry schedule; its attempt history is kept.',
        scope: 'webhooks:write',
        success: { 202: QueuedDelivery },
      }),
      params: IdParams,
    },
    handler: async (request, reply) =>
      reply.code(202).send(await redeliver(db, requirePrincipal(request).accountId, request.params.id)),
  });
};
