import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../api/schemas/common.ts';
import {
  CreateUserBody,
  CreatedUser,
  DeletedUser,
  PasswordLink,
  UpdateUserBody,
  UserList,
} from '../../../api/schemas/users.ts';
import { Type } from 'typebox';
import { requirePrincipal } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { operation } from '../../http/route-schema.ts';
import { issuePasswordLink } from './password-links.service.ts';
import { createUser, deleteUser, listUsers, updateUser } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncTypebox<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  const admin = { scope: 'account:admin' } as const;
  const base = { tag: 'People', scope: 'account:admin' } as const;

  app.get('/v1/users', {
    config: admin,
    schema: operation({
      ...base,
      operationId: 'listUsers',
      summary: 'List the people of the account',
      success: { 200: UserList },
    }),
    handler: (request) => listUsers(db, requirePrincipal(request).accountId),
  });

  app.post('/v1/users', {
    config: admin,
    schema: {
      ...operation({
        ...base,
        operationId: 'createUser',
        summary: 'Add a person',
        description:
          'Returns a one-time link with which the person sets their password, this once; pass it on to them. No password is ever shown.',
        success: { 201: CreatedUser },
      }),
      body: CreateUserBody,
    },
    handler: async (request, reply) => {
      const { accountId } = requirePrincipal(request);
      const { user } = await createUser(db, accountId, request.body);
      const link = await issuePasswordLink(db, accountId, user.user_id, publicUrl);
      return reply.code(201).send({ user, ...link });
    },
  });

  app.post('/v1/users/:id/password-link', {
    config: admin,
    schema: {
      ...operation({
        ...base,
        operationId: 'createPasswordLink',
        summary: 'Issue a new set-password link for a person',
        description:
          'For a person whose link expired or who lost their password. Earlier links stop working; the current password works until the link is used. Shown this once.',
        success: { 201: PasswordLink },
      }),
      params: IdParams,
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await issuePasswordLink(db, requirePrincipal(request).accountId, request.params.id, publicUrl)),
  });

  app.put('/v1/users/:id', {
    config: admin,
    schema: {
      ...operation({
        ...base,
        operationId: 'updateUser',
        summary: "Change a person's name or role",
        description: 'An account keeps at least one admin (409 `last_admin`).',
        success: { 200: Type.Ref('User') },
      }),
      params: IdParams,
      body: UpdateUserBody,
    },
    handler: (request) => updateUser(db, requirePrincipal(request).accountId, request.params.id, request.body),
  });

  app.delete('/v1/users/:id', {
    config: admin,
    schema: {
      ...operation({ ...base, operationId: 'deleteUser', summary: 'Remove a person', success: { 200: DeletedUser } }),
      params: IdParams,
    },
    handler: (request) => deleteUser(db, requirePrincipal(request).accountId, request.params.id),
  });
};
