import type { ApiToken } from '../../../../api/client/types.gen.ts';

export type TokenStatus = 'active' | 'revoked' | 'expired';

/** Whether a token still works; revocation wins over expiry, since it was a deliberate act. */
export function tokenStatus(
  token: Pick<ApiToken, 'revoked_at' | 'expires_at'>,
  nowSeconds = Date.now() / 1000,
): TokenStatus {
  if (token.revoked_at !== null) return 'revoked';
  if (token.expires_at !== null && token.expires_at <= nowSeconds) return 'expired';
  return 'active';
}
