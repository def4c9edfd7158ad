import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ADMIN_PERMISSION, IdParams } from '../../../api/schemas/common.ts';
import {
  CreateViewBody,
  DeletedView,
  SavedView,
  SavedViewList,
  SessionColumns,
  SessionColumnsBody,
  UpdateViewBody,
} from '../../../api/schemas/views.ts';
import { requirePrincipal } from '../../auth/authenticate.ts';
import { principalKey } from '../../auth/principal.ts';
import type { Db } from '../../db/database.ts';
import { operation } from '../../http/route-schema.ts';
import {
  type ViewActor,
  changeView,
  createView,
  deleteView,
  getSessionColumns,
  listViews,
  setSessionColumns,
} from './views.service.ts';

function actorOf(request: FastifyRequest): ViewActor {
  const principal = requirePrincipal(request);
  return {
    accountId: principal.accountId,
    ownerKey: principalKey(principal),
    admin: principal.scopes.has(ADMIN_PERMISSION),
  };
}

// Views are a reader's own preferences over sessions they can already read, so reading sessions is the scope.
const scope = 'users.sessions:read';

export const viewsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/v1/views', {
    config: { scope },
    schema: operation({
      tag: 'Sessions',
      operationId: 'listViews',
      summary: 'List saved views: your own and those shared with the account',
      scope,
      success: { 200: SavedViewList },
    }),
    handler: (request) => listViews(db, actorOf(request)),
  });

  app.post('/v1/views', {
    config: { scope },
    schema: {
      ...operation({
        tag: 'Sessions',
        operationId: 'createView',
        summary: 'Save a view',
        scope,
        success: { 201: SavedView },
      }),
      body: CreateViewBody,
    },
    handler: async (request, reply) => reply.code(201).send(await createView(db, actorOf(request), request.body)),
  });

  app.patch('/v1/views/:id', {
    config: { scope },
    schema: {
      ...operation({
        tag: 'Sessions',
        operationId: 'updateView',
        summary: 'Change a view you saved, or as an admin one shared with the account',
        scope,
        success: { 200: SavedView },
      }),
      params: IdParams,
      body: UpdateViewBody,
    },
    handler: (request) => changeView(db, actorOf(request), request.params.id, request.body),
  });

  app.delete('/v1/views/:id', {
    config: { scope },
    schema: {
      ...operation({
        tag: 'Sessions',
        operationId: 'deleteView',
        summary: 'Delete a view you saved, or as an admin one shared with the account',
        scope,
        success: { 200: DeletedView },
      }),
      params: IdParams,
    },
    handler: (request) => deleteView(db, actorOf(request), request.params.id),
  });

  app.get('/v1/preferences/session-columns', {
    config: { scope },
    schema: operation({
      tag: 'Sessions',
      operationId: 'getSessionColumns',
      summary: "Your choice of the sessions list's columns",
      scope,
      success: { 200: SessionColumns },
    }),
    handler: (request) => getSessionColumns(db, actorOf(request)),
  });

  app.put('/v1/preferences/session-columns', {
    config: { scope },
    schema: {
      ...operation({
        tag: 'Sessions',
        operationId: 'setSessionColumns',
        summary: "Keep your choice of the sessions list's columns, in place of the one before",
        scope,
        success: { 200: SessionColumns },
      }),
      body: SessionColumnsBody,
    },
    handler: (request) => setSessionColumns(db, actorOf(request), request.body),
  });
};
