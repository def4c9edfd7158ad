import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateWebsiteBody, WebsiteList, WebsiteRef } from '../../../api/schemas/websites.ts';
import { requirePrincipal } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { operation } from '../../http/route-schema.ts';
import { createWebsiteResource, listWebsites } from './websites.service.ts';

export const websitesRoutes: FastifyPluginAsyncTypebox<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
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

  app.post('/v1/websites', {
    config: { scope: 'websites:write' },
    schema: {
      ...operation({
        tag: 'Websites',
        operationId: 'createWebsite',
        summary: 'Register a website',
        description:
          'Answers with the website, its public key and the tracker snippet. A host the account already has is a 409.',
        scope: 'websites:write',
        success: { 201: WebsiteRef },
      }),
      body: CreateWebsiteBody,
    },
    handler: async (request, reply) => {
      const { accountId } = requirePrincipal(request);
      return reply.code(201).send(await createWebsiteResource(db, { accountId, ...request.body }, publicUrl));
    },
  });
};
