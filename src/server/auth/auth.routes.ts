import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../api/schemas/common.ts';
import { LoginBody, Me, SetPasswordBody } from '../../api/schemas/users.ts';
import type { Db } from '../db/database.ts';
import { NoQuery } from '../http/route-schema.ts';
import { errors } from '../errors.ts';
import { requirePrincipal } from './authenticate.ts';
import {
  SESSION_COOKIE,
  endLoginSession,
  resolveLoginSession,
  startLoginSession,
  verifyCredentials,
} from './login-sessions.ts';
import { setPasswordWithLink } from '../features/users/password-links.service.ts';
import type { UsersTable } from '../features/users/users.table.ts';
import { describePrincipal } from './me.service.ts';
import { signInCookies } from './sign-in-cookies.ts';
import { type SignInLimits, signInAccountLimiter, signInAddressLimit } from './sign-in-limits.ts';

export const authRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  publicUrl: string;
  signInLimits: SignInLimits;
}> = async (app, { db, publicUrl, signInLimits }) => {
  const cookies = signInCookies(publicUrl);
  const limitSignInsToAccount = signInAccountLimiter(app, signInLimits);

  /** Starts a sign-in for the person, sets its cookie, and answers who is now signed in. */
  async function signInAs(user: UsersTable, reply: FastifyReply) {
    const value = await startLoginSession(db, user);
    const principal = await resolveLoginSession(db, value);
    if (!principal) throw errors.internal();
    cookies.start(reply, value);
    return describePrincipal(db, principal);
  }

  app.post('/v1/auth/login', {
    config: {
      sameOriginOnly: true,
      rateLimit: signInAddressLimit(signInLimits),
    },
    schema: {
      tags: ['Sign-in'],
      operationId: 'login',
      summary: 'Sign in with e-mail and password',
      description: 'Sets an httpOnly session cookie used by the dashboard. API clients use bearer tokens instead.',
      querystring: NoQuery,
      body: LoginBody,
      response: { ...errorResponses, 200: Me },
    },
    handler: async (request, reply) => {
      await limitSignInsToAccount(request, request.body.email);
      const user = await verifyCredentials(db, request.body.email, request.body.password);
      if (!user) throw errors.invalidCredentials();
      return signInAs(user, reply);
    },
  });

  app.post('/v1/auth/set-password', {
    config: {
      sameOriginOnly: true,
      // The same budget as sign-in: a link's secret is as hard to guess as a password, and as guarded.
      rateLimit: signInAddressLimit(signInLimits, 'set-password'),
    },
    schema: {
      tags: ['Sign-in'],
      operationId: 'setPasswordWithLink',
      summary: 'Set a password with a one-time link, and sign in',
      description:
        'The token is the part of the set-password link after `#token=`. The link works once; the person is signed out everywhere else and signed in here.',
      querystring: NoQuery,
      body: SetPasswordBody,
      response: { ...errorResponses, 200: Me },
    },
    handler: async (request, reply) => {
      const user = await setPasswordWithLink(db, request.body.token, request.body.new_password);
      return signInAs(user, reply);
    },
  });

  app.post('/v1/auth/logout', {
    config: { sameOriginOnly: true },
    schema: {
      tags: ['Sign-in'],
      operationId: 'logout',
      summary: 'Sign out',
      querystring: NoQuery,
      response: { ...errorResponses, 200: Type.Object({ signed_out: Type.Boolean() }) },
    },
    handler: async (request, reply) => {
      const value = request.cookies[SESSION_COOKIE];
      if (value) await endLoginSession(db, value);
      cookies.end(reply);
      return { signed_out: true };
    },
  });

  app.get('/v1/auth/me', {
    config: { scope: 'authenticated' },
    schema: {
      tags: ['Sign-in'],
      operationId: 'getMe',
      summary: 'Who is signed in, in which account, with which permissions',
      security: [{ bearerAuth: [] }, { cookieAuth: [] }],
      querystring: NoQuery,
      response: { ...errorResponses, 200: Me },
    },
    handler: (request) => describePrincipal(db, requirePrincipal(request)),
  });
};
