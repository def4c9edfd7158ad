import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../../api/schemas/common.ts';
import { DeliveriesQuery, DeliveryList, QueuedDelivery } from '../../../../api/schemas/deliveries.ts';
import {
  CreateWebhookBody,
  CreatedWebhook,
  DeletedWebhook,
  UpdateWebhookBody,
  UpdateWebhookQuery,
  WebhookList,
  RotatedWebhookSecret,
  WebhookRef,
  WebhookSecret,
} from '../../../../api/schemas/webhooks.ts';
import { requirePrincipal } from '../../../auth/authenticate.ts';
import { principalLabel } from '../../../auth/principal.ts';
import type { Db } from '../../../db/database.ts';
import { operation } from '../../../http/route-schema.ts';
import { sendWebhookTest } from '../deliveries/delivery-actions.service.ts';
import { listWebhookDeliveries } from '../deliveries/delivery-log.service.ts';
import { TEST_SEND_NOTE } from '../deliveries/test-messages.ts';
import {
  type WebhookPolicy,
  createWebhook,
  deleteWebhook,
  listWebhooks,
  revealWebhookSecret,
  rotateWebhookSecret,
  updateWebhook,
} from './webhooks.service.ts';

export const webhooksRoutes: FastifyPluginAsyncTypebox<{ db: Db; policy: WebhookPolicy; publicUrl: string }> = async (
  app,
  { db, policy, publicUrl },
) => {
  app.post('/v1/webhooks', {
    config: { scope: 'webhooks:write' },
    schema: {
      ...operation({
        tag: 'Webhooks',
        operationId: 'createWebhook',
        summary: 'Register a webhook',
        description: 'The answer carries the signing secret, this once (rotation shows a new one once too).',
        scope: 'webhooks:write',
        success: { 201: CreatedWebhook },
      }),
      body: CreateWebhookBody,
    },
    handler: async (request, reply) => {
      const principal = requirePrincipal(request);
      const webhook = await createWebhook(db, principal.accountId, request.body, principalLabel(principal), policy);
      return reply.code(201).send(webhook);
    },
  });

  app.put('/v1/webhooks/:id', {
    config: { scope: 'webhooks:write' },
    schema: {
      ...operation({
        tag: 'Webhooks',
        operationId: 'updateWebhook',
        summary: 'Update a webhook',
        description: 'Replaces url, website_id and version; `enabled` is optional.',
        scope: 'webhooks:write',
        success: { 200: WebhookRef },
      }),
      params: IdParams,
      querystring: UpdateWebhookQuery,
      body: UpdateWebhookBody,
    },
    handler: (request) =>
      updateWebhook(db, requirePrincipal(request).accountId, request.params.id, request.body, policy),
  });

  app.get('/v1/webhooks', {
    config: { scope: 'webhooks:read' },
    schema: operation({
      tag: 'Webhooks',
      operationId: 'listWebhooks',
      summary: 'List webhooks',
      description: 'Oldest first. Signing secrets are never part of this list.',
      scope: 'webhooks:read',
      success: { 200: WebhookList },
    }),
    handler: (request) => listWebhooks(db, requirePrincipal(request).accountId),
  });

  app.delete('/v1/webhooks/:id', {
    config: { scope: 'webhooks:write' },
    schema: {
      ...operation({
        tag: 'Webhooks',
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook',
        description: 'Refused with 409 `webhook_in_use` while an alert still sends to it.',
        scope: 'webhooks:write',
        success: { 200: DeletedWebhook },
      }),
      params: IdParams,
    },
    handler: (request) => deleteWebhook(db, requirePrincipal(request).accountId, request.params.id),
  });

  app.get('/v1/webhooks/:id/secret', {
    config: { scope: 'account:admin' },
    schema: {
      ...operation({
        tag: 'Webhooks',
        operationId: 'getWebhookSecret',
        summary: "Reveal a webhook's signing secret",
        scope: 'account:admin',
        success: { 200: WebhookSecret },
      }),
      params: IdParams,
    },
    handler: (request) => revealWebhookSecret(db, requirePrincipal(request).accountId, request.params.id),
  });

  app.post('/v1/webhooks/:id/secret/rotate', {
    config: { scope: 'account:admin' },
    schema: {
      ...operation({
        tag: 'Webhooks',
        operationId: 'rotateWebhookSecret',
        summary: "Replace a webhook's signing secret",
        description:
          'Deliveries are signed with the new secret from now on and, for 24 hours, also with the previous one (`webhook-signature` carries both), so receivers can switch without rejecting any. `LiveSession-Signature` carries one value: the new secret signs it at once. A second rotation drops the earlier previous secret.',
        scope: 'account:admin',
        success: { 200: RotatedWebhookSecret },
      }),
      params: IdParams,
    },
    handler: (request) => rotateWebhookSecret(db, requirePrincipal(request).accountId, request.params.id),
  });

  app.post('/v1/webhooks/:id/test', {
    config: { scope: 'webhooks:write' },
    schema: {
      ...operation({
        tag: 'Webhooks',
        operationId: 'sendWebhookTest',
        summary: 'Send a test message to a webhook',
        description: TEST_SEND_NOTE,
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
};
