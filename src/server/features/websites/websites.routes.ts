import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WebsiteList } from '../../../api/schemas/websites.ts';
import { requirePrincipal } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { operation } from '../../http/route-schema.ts';
import { listWebsites } from './websites.service.ts';

export const websitesRoutes: FastifyPluginAsyncTypebox<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  app.get('/v1/websites', {
    config: { scope: 'websites:read' },
    schema: operation({
      tag: 'Websites',
      operationId: 'listWebsites',
      summary: 'List websites',
      scope: 'websites:read',
      success: { 200: WebsiteList },
    }),
    handler: (request) => listWebsites(db, requirePrincipal(request).accountId, publicUrl),
  });
};
