import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AlertList,
  AlertPreview,
  AlertPreviewBody,
  AlertRef,
  CreateAlertBody,
  DeletedAlert,
  UpdateAlertBody,
} from '../../../../api/schemas/alerts.ts';
import { IdParams } from '../../../../api/schemas/common.ts';
import {
  AlertMatchList,
  AlertMatchesQuery,
  DeliveriesQuery,
  DeliveryList,
  QueuedDelivery,
} from '../../../../api/schemas/deliveries.ts';
import { requirePrincipal } from '../../../auth/authenticate.ts';
import type { Db } from '../../../db/database.ts';
import { operation } from '../../../http/route-schema.ts';
import { sendAlertTest } from '../deliveries/delivery-actions.service.ts';
import { listAlertDeliveries, listAlertMatches } from '../deliveries/delivery-log.service.ts';
import { TEST_SEND_NOTE } from '../deliveries/test-messages.ts';
import { PREVIEW_DAYS, PREVIEW_EVENT_LIMIT, previewAlert } from './alert-preview.service.ts';
import { type AlertTargetContext, createAlert, deleteAlert, listAlerts, updateAlert } from './alerts.service.ts';

export const alertsRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  target: AlertTargetContext;
  publicUrl: string;
}> = async (app, { db, target, publicUrl }) => {
  app.post('/v1/alerts', {
    config: { scope: 'alerts:write' },
    schema: {
      ...operation({
        tag: 'Alerts',
        operationId: 'createAlert',
        summary: 'Create an alert',
        scope: 'alerts:write',
        success: { 201: AlertRef },
      }),
      body: CreateAlertBody,
    },
    handler: async (request, reply) => {
      const alert = await createAlert(db, requirePrincipal(request).accountId, request.body, target);
      return reply.code(201).send(alert);
    },
  });

  // alerts:write, like saving: a preview matches fragments against stored events, which a token that
  // may only read alerts must not be able to probe.
  app.post('/v1/alerts/preview', {
    config: { scope: 'alerts:write' },
    schema: {
      ...operation({
        tag: 'Alerts',
        operationId: 'previewAlert',
        summary: 'Preview an unsaved alert over the last 7 days',
        description:
          `How often the rule would have fired over the last ${PREVIEW_DAYS} days, from the stored events, and how many ` +
          'messages flood control (threshold and quiet period) would have sent. Nothing is stored or sent. At most ' +
          `${PREVIEW_EVENT_LIMIT.toLocaleString('en')} events of the rule's kinds are examined, the newest: beyond that ` +
          '`truncated` is true and `from` says where the figures start. With `webhook_id`, only the events of its ' +
          "website count, as for a webhook alert; without it, every website's, as for a chat alert.",
        scope: 'alerts:write',
        success: { 200: AlertPreview },
      }),
      body: AlertPreviewBody,
    },
    handler: (request) => previewAlert(db, requirePrincipal(request).accountId, request.body),
  });

  app.put('/v1/alerts/:id', {
    config: { scope: 'alerts:write' },
    schema: {
      ...operation({
        tag: 'Alerts',
        operationId: 'updateAlert',
        summary: 'Update an alert',
        description:
          'Partial: the fields sent replace the stored ones, and the provider rule is checked on the result.',
        scope: 'alerts:write',
        success: { 200: AlertRef },
      }),
      params: IdParams,
      body: UpdateAlertBody,
    },
    handler: (request) => updateAlert(db, requirePrincipal(request).accountId, request.params.id, request.body, target),
  });

  app.get('/v1/alerts', {
    config: { scope: 'alerts:read' },
    schema: operation({
      tag: 'Alerts',
      operationId: 'listAlerts',
      summary: 'List alerts',
      description: 'Oldest first.',
      scope: 'alerts:read',
      success: { 200: AlertList },
    }),
    handler: (request) => listAlerts(db, requirePrincipal(request).accountId, target),
  });

  app.delete('/v1/alerts/:id', {
    config: { scope: 'alerts:write' },
    schema: {
      ...operation({
        tag: 'Alerts',
        operationId: 'deleteAlert',
        summary: 'Delete an alert',
        scope: 'alerts:write',
        success: { 200: DeletedAlert },
      }),
      params: IdParams,
    },
    handler: (request) => deleteAlert(db, requirePrincipal(request).accountId, request.params.id),
  });

  app.post('/v1/alerts/:id/test', {
    config: { scope: 'alerts:write' },
    schema: {
      ...operation({
        tag: 'Alerts',
        operationId: 'sendAlertTest',
        summary: "Send a test message to an alert's chat channel or webhook",
        description: TEST_SEND_NOTE,
        scope: 'alerts:write',
        success: { 202: QueuedDelivery },
      }),
      params: IdParams,
    },
    handler: async (request, reply) =>
      reply.code(202).send(await sendAlertTest(db, requirePrincipal(request).accountId, request.params.id, publicUrl)),
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

  app.get('/v1/alerts/:id/matches', {
    config: { scope: 'alerts:read' },
    schema: {
      ...operation({
        tag: 'Alerts',
        operationId: 'listAlertMatches',
        summary: "An alert's latest matches",
        description:
          'The events that made the alert send a message, newest first, each with its session (linked at the ' +
          "event's moment) and visitor. Test messages are not matches; matches held back by the quiet period " +
          'appear through the summary message that shows the latest of them.',
        scope: 'alerts:read',
        success: { 200: AlertMatchList },
      }),
      params: IdParams,
      querystring: AlertMatchesQuery,
    },
    handler: (request) =>
      listAlertMatches(db, requirePrincipal(request).accountId, request.params.id, request.query.limit),
  });
};
