import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { UpdateAccountSettingsBody } from '../../../api/schemas/account.ts';
import { requirePrincipal } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { operation } from '../../http/route-schema.ts';
import { getAccountSettings, updateAccountSettings } from './account-settings.service.ts';

export const accountSettingsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  const admin = { scope: 'account:admin' } as const;
  const base = { tag: 'Account', scope: 'account:admin', success: { 200: Type.Ref('AccountSettings') } } as const;

  app.get('/v1/account', {
    config: admin,
    schema: operation({ ...base, operationId: 'getAccountSettings', summary: "The account's settings" }),
    handler: (request) => getAccountSettings(db, requirePrincipal(request).accountId),
  });

  app.put('/v1/account', {
    config: admin,
    schema: {
      ...operation({
        ...base,
        operationId: 'updateAccountSettings',
        summary: "Change the account's settings",
        description: 'Only the settings present change.',
      }),
      body: UpdateAccountSettingsBody,
    },
    handler: (request) => updateAccountSettings(db, requirePrincipal(request).accountId, request.body),
  });
};
