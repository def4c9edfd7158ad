import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors.ts';
import { normaliseEmail } from '../features/users/users.service.ts';

/** Sign-in attempts per client address per minute. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 10;
/**
 * Sign-in attempts per e-mail address per 15 minutes, from all client addresses together: guesses
 * spread over many addresses still reach one account slowly. Counted whether or not the e-mail
 * belongs to someone, so the answer never tells which e-mails have accounts.
 */
export const SIGN_IN_ATTEMPTS_PER_ACCOUNT = 10;
const ACCOUNT_WINDOW_MS = 15 * 60_000;

/** The route's own rate-limit config: the per-address budget. */
export const signInAddressLimit = {
  max: SIGN_IN_ATTEMPTS_PER_ADDRESS,
  timeWindow: 60_000,
  allowList: () => false,
  keyGenerator: (request: FastifyRequest) => `login:${request.ip}`,
};

/**
 * Returns a check that spends one attempt of the e-mail's budget and throws the same 429 as the
 * per-address limit once it is spent. It uses the rate-limit plugin's store (Redis when configured).
 * The e-mail is hashed so no address is written to the store.
 */
export function signInAccountLimiter(app: FastifyInstance): (request: FastifyRequest, email: string) => Promise<void> {
  const emailKey = (email: string) =>
    `login-account:${crypto.createHash('sha256').update(normaliseEmail(email)).digest('hex')}`;
  const emails = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    max: SIGN_IN_ATTEMPTS_PER_ACCOUNT,
    timeWindow: ACCOUNT_WINDOW_MS,
    allowList: () => false,
    keyGenerator: (request) => emailKey(emails.get(request) ?? ''),
  });
  return async (request, email) => {
    emails.set(request, email);
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) throw errors.rateLimited(Math.max(1, result.ttlInSeconds));
  };
}
