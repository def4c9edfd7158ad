import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../api/schemas/common.ts';
import { ApiTokenList, CreateTokenBody, CreatedToken } from '../../../api/schemas/tokens.ts';
import { Type } from 'typebox';
import { requirePrincipal } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { operation } from '../../http/route-schema.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens.service.ts';

export const tokensRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const admin = { scope: 'account:admin' } as const;

  app.get('/v1/tokens', {
    config: admin,
    schema: operation({
      tag: 'API tokens',
      operationId: 'listTokens',
      summary: 'List API tokens',
      description: 'Revoked tokens are listed with their revocation time. The tokens themselves are never shown again.',
      scope: 'account:admin',
      success: { 200: ApiTokenList },
    }),
    handler: (request) => listApiTokens(db, requirePrincipal(request).accountId),
  });

  app.post('/v1/tokens', {
    config: admin,
    schema: {
      ...operation({
        tag: 'API tokens',
        operationId: 'createToken',
        summary: 'Create an API token',
        description: 'The response carries the token itself, this once.',
        scope: 'account:admin',
        success: { 201: CreatedToken },
      }),
      body: CreateTokenBody,
    },
    handler: async (request, reply) => {
      const { name, scopes, expires_in_days: days } = request.body;
      if (name.trim().length === 0) throw errors.validation('too_short', 'name must not be blank', 'name');
      const { token, summary } = await createApiToken(db, {
        accountId: requirePrincipal(request).accountId,
        name,
        scopes,
        expiresAt: days === undefined ? null : Math.floor(Date.now() / 1000) + days * 86_400,
      });
      return reply.code(201).send({ ...summary, token });
    },
  });

  app.delete('/v1/tokens/:id', {
    config: admin,
    schema: {
      ...operation({
        tag: 'API tokens',
        operationId: 'revokeToken',
        summary: 'Revoke an API token',
        scope: 'account:admin',
        success: { 200: Type.Object({ token_id: Type.String(), revoked: Type.Boolean() }) },
      }),
      params: IdParams,
    },
    handler: async (request) => {
      if (!(await revokeApiToken(db, requirePrincipal(request).accountId, request.params.id)))
        throw errors.notFound('Active API token');
      return { token_id: request.params.id, revoked: true };
    },
  });
};
