import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../api/schemas/common.ts';
import { ChangePasswordBody, PasswordChanged } from '../../api/schemas/users.ts';
import type { Db } from '../db/database.ts';
import { errors } from '../errors.ts';
import { deleteOtherLoginSessions, findUserRow, updateUserPasswordHash } from '../features/users/users.repository.ts';
import { NoQuery } from '../http/route-schema.ts';
import { requirePrincipal } from './authenticate.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { SESSION_COOKIE, hashSessionId } from './login-sessions.ts';

// Each attempt verifies an argon2id hash; a handful a minute is plenty for a person and useless for guessing.
const CHANGE_ATTEMPTS_PER_MINUTE = 5;

export const passwordRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.put('/v1/me/password', {
    config: {
      scope: 'authenticated',
      sameOriginOnly: true,
      rateLimit: {
        max: CHANGE_ATTEMPTS_PER_MINUTE,
        timeWindow: 60_000,
        allowList: () => false,
        keyGenerator: (request) =>
          `password:${request.cookies[SESSION_COOKIE] ? hashSessionId(request.cookies[SESSION_COOKIE]) : request.ip}`,
      },
    },
    schema: {
      tags: ['Sign-in'],
      operationId: 'changeMyPassword',
      summary: 'Change the signed-in person’s password',
      description:
        'Needs the current password. Signs the person out on every other browser; this sign-in stays. Not for API tokens.',
      security: [{ cookieAuth: [] }],
      querystring: NoQuery,
      body: ChangePasswordBody,
      response: { ...errorResponses, 200: PasswordChanged },
    },
    handler: async (request) => {
      const principal = requirePrincipal(request);
      const cookie = request.cookies[SESSION_COOKIE];
      if (principal.kind !== 'user' || !cookie) {
        throw errors.forbidden('people_only', 'Only a signed-in person can change their password');
      }
      const user = await findUserRow(db, principal.accountId, principal.userId);
      if (!user) throw errors.unauthenticated();
      const { current_password: current, new_password: next } = request.body;
      // Not 401: the person is signed in, only the password they typed is wrong.
      if (!(await verifyPassword(user.password_hash, current))) {
        throw errors.validation('wrong_password', 'The current password is not right', 'current_password');
      }
      if (next === current) {
        throw errors.validation('same_password', 'The new password must differ from the current one', 'new_password');
      }
      await updateUserPasswordHash(db, principal.accountId, principal.userId, await hashPassword(next));
      const signedOut = await deleteOtherLoginSessions(
        db,
        principal.accountId,
        principal.userId,
        hashSessionId(cookie),
      );
      return { changed: true, other_sessions_signed_out: signedOut };
    },
  });
};
