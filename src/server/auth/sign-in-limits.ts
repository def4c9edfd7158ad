import { sha256Hex } from '../lib/sha256.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors.ts';
import { normaliseEmail } from '../features/users/users.service.ts';

/**
 * The budgets (SIGN_IN_ATTEMPTS_PER_ADDRESS and SIGN_IN_ATTEMPTS_PER_ACCOUNT, 10 each by default):
 * attempts per client address per minute, and per e-mail address per 15 minutes from all client addresses
 * together, so that guesses spread over many addresses still reach one account slowly. The per-account
 * budget is counted whether or not the e-mail belongs to someone, so the answer never tells which e-mails
 * have accounts. Many people signing in from behind one address (an office's proxy) may need a larger
 * per-address budget.
 */
export interface SignInLimits {
  perAddress: number;
  perAccount: number;
}

const ACCOUNT_WINDOW_MS = 15 * 60_000;

/** The route's own rate-limit config: the per-address budget, counted under `prefix`. */
export function signInAddressLimit(limits: SignInLimits, prefix = 'login') {
  return {
    max: limits.perAddress,
    timeWindow: 60_000,
    allowList: () => false,
    keyGenerator: (request: FastifyRequest) => `${prefix}:${request.ip}`,
  };
}

/**
 * Returns a check that spends one attempt of the e-mail's budget and throws the same 429 as the
 * per-address limit once it is spent. It uses the rate-limit plugin's store (Redis when configured).
 * The e-mail is hashed so no address is written to the store.
 */
export function signInAccountLimiter(
  app: FastifyInstance,
  limits: SignInLimits,
): (request: FastifyRequest, email: string) => Promise<void> {
  const emailKey = (email: string) => `login-account:${sha256Hex(normaliseEmail(email))}`;
  const emails = new WeakMap<FastifyRequest, string>();
  const limit = app.createRateLimit({
    max: limits.perAccount,
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
