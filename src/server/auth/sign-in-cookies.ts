import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_COOKIE } from '../../api/sign-in-cookie.ts';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from './login-sessions.ts';

/**
 * Sets and clears the sign-in cookies, with the same attributes everywhere so a clear always matches: the
 * httpOnly session cookie and its readable companion (SIGNED_IN_COOKIE), by which a browser that never
 * signed in, or signed out, opens the sign-in page without a request that could only fail.
 */
export interface SignInCookies {
  /** The session's cookie and its companion, on sign-in. */
  start(reply: FastifyReply, session: string): void;
  /** Both cookies gone: on sign-out, and when the session is no longer valid. */
  end(reply: FastifyReply): void;
  /**
   * The companion made to follow the session cookie on a page load: set for a browser signed in before
   * it existed, cleared once the browser has dropped the session cookie (it outlived it). True when the
   * browser holds a session cookie (still to be checked).
   */
  follow(request: FastifyRequest, reply: FastifyReply): boolean;
}

export function signInCookies(publicUrl: string): SignInCookies {
  const base = { path: '/', sameSite: 'lax', secure: publicUrl.startsWith('https:') } as const;
  const session = { ...base, httpOnly: true } as const;
  const companion = { ...base, httpOnly: false } as const;
  const setCompanion = (reply: FastifyReply) =>
    void reply.setCookie(SIGNED_IN_COOKIE, '1', { ...companion, maxAge: SESSION_TTL_SECONDS });
  return {
    start(reply, value) {
      void reply.setCookie(SESSION_COOKIE, value, { ...session, maxAge: SESSION_TTL_SECONDS });
      setCompanion(reply);
    },
    end(reply) {
      void reply.clearCookie(SESSION_COOKIE, session);
      void reply.clearCookie(SIGNED_IN_COOKIE, companion);
    },
    follow(request, reply) {
      const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
      const marked = Boolean(request.cookies[SIGNED_IN_COOKIE]);
      if (signedIn && !marked) setCompanion(reply);
      else if (!signedIn && marked) void reply.clearCookie(SIGNED_IN_COOKIE, companion);
      return signedIn;
    },
  };
}
