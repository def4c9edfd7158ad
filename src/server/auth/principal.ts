import type { Permission, Role } from '../../api/schemas/common.ts';
import type { TokenPrincipal } from '../features/tokens/tokens.service.ts';

export interface UserPrincipal {
  kind: 'user';
  accountId: string;
  userId: string;
  email: string;
  role: Role;
  scopes: ReadonlySet<Permission>;
}

/** Who is calling: an API token, or a person signed in to the dashboard. */
export type Principal = TokenPrincipal | UserPrincipal;

/** How a principal is named where the product records who did something (a webhook's created_by). */
export function principalLabel(principal: Principal): string {
  return principal.kind === 'user' ? principal.email : principal.name;
}

export function principalKey(principal: Principal): string {
  return principal.kind === 'user' ? userKey(principal.userId) : tokenKey(principal.tokenId);
}

/** `principalKey` of the API token `tokenId`. */
export function tokenKey(tokenId: string): string {
  return `token:${tokenId}`;
}

/** `principalKey` of the person `userId`. */
export function userKey(userId: string): string {
  return `user:${userId}`;
}
