import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../api/schemas/common.ts';
import { DeliveriesQuery, DeliveryList, QueuedDelivery } from '../../api/schemas/deliveries.ts';
import { requirePrincipal } from '../auth/authenticate.ts';
import type { Db } from '../db/database.ts';
import { operation } from '../http/route-schema.ts';
import { redeliver, sendAlertTest, sendWebhookTest } from './delivery-actions.service.ts';
import { listAlertDeliveries, listWebhookDeliveries } from './delivery-log.service.ts';

const TEST_NOTE =
  'Queues a sample message marked `"test": true` through the real pipeline (signing, retries, delivery log); ' +
  'answers 202 with its id at once.';

export const deliveriesRoutes: FastifyPluginAsyncTypebox<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.post('/v1/webhooks/:id/test', {
    config: { scope: 'webhooks:write' },
    schema: {
      ...operation({
        tag: 'Webhooks',
        operationId: 'sendWebhookTest',
        summary: 'Send a test message to a webhook',
        description: TEST_NOTE,
        scope: 'webhooks:write',
        success: { 202: QueuedDelivery },
      }),
      params: IdParams,
    },
    handler: async (request, reply) =>
      reply
        .code(202)
        .send(await sendWebhookTest(db, requirePrincipal(request).accountId, request.params.id, publicUrl)),
  });

  app.post('/v1/alerts/:id/test', {
    config: { scope: 'alerts:write' },
    schema: {
      ...operation({
        tag: 'Alerts',
        operationId: 'sendAlertTest',
        summary: "Send a test message to an alert's chat channel or webhook",
        description: TEST_NOTE,
        scope: 'alerts:write',
        success: { 202: QueuedDelivery },
      }),
      params: IdParams,
    },
    handler: async (request, reply) =>
      reply.code(202).send(await sendAlertTest(db, requirePrincipal(request).accountId, request.params.id, publicUrl)),
  });

  app.get('/v1/webhooks/:id/deliveries', {
    config: { scope: 'webhooks:read' },
    schema: {
      ...operation({
        tag: 'Webhooks',
        operationId: 'listWebhookDeliveries',
        summary: "A webhook's delivery log",
        description: 'Messages sent to the webhook, newest first, each with every attempt.',
        scope: 'webhooks:read',
        success: { 200: DeliveryList },
      }),
      params: IdParams,
      querystring: DeliveriesQuery,
    },
    handler: (request) =>
      listWebhookDeliveries(db, requirePrincipal(request).accountId, request.params.id, request.query.limit),
  });

  app.get('/v1/alerts/:id/deliveries', {
    config: { scope: 'alerts:read' },
    schema: {
      ...operation({
        tag: 'Alerts',
        operationId: 'listAlertDeliveries',
        summary: "An alert's delivery log",
        description: 'Messages the alert sent, newest first, each with every attempt.',
        scope: 'alerts:read',
        success: { 200: DeliveryList },
      }),
      params: IdParams,
      querystring: DeliveriesQuery,
    },
    handler: (request) =>
      listAlertDeliveries(db, requirePrincipal(request).accountId, request.params.id, request.query.limit),
  });

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
