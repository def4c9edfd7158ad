import type { MeResource } from '../../api/schemas/users.ts';
import type { Db } from '../db/database.ts';
import { findAccountByIdOrName } from '../features/accounts/accounts.repository.ts';
import { findUserRow } from '../features/users/users.repository.ts';
import { toUserResource } from '../features/users/users.service.ts';
import type { Principal } from './principal.ts';

/** What the dashboard needs to know about whoever is calling: account, person and permissions. */
export async function describePrincipal(db: Db, principal: Principal): Promise<MeResource> {
  const account = await findAccountByIdOrName(db, principal.accountId);
  const user = principal.kind === 'user' ? await findUserRow(db, principal.accountId, principal.userId) : undefined;
  return {
    account: { account_id: principal.accountId, name: account?.name ?? '' },
    user: user ? toUserResource(user) : null,
    token_name: principal.kind === 'token' ? principal.name : null,
    permissions: [...principal.scopes].sort(),
  };
}
