import type { Scope } from '../../api/schemas/common.ts';
import type { TokenPrincipal } from '../features/tokens/tokens.service.ts';

/** Who is calling. API tokens today; signed-in people join this union with the dashboard. */
export type Principal = TokenPrincipal;

export function principalLabel(principal: Principal): string {
  return principal.name;
}

export function principalKey(principal: Principal): string {
  return `${principal.kind}:${principal.tokenId}`;
}

export type { Scope };
