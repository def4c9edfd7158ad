import { sha256Hex } from '../lib/sha256.ts';
import type { Role } from '../../api/schemas/common.ts';
import type { Db } from '../db/database.ts';
import {
  deleteExpiredLoginSessions,
  deleteLoginSession,
  findLoginSessionUser,
  findUserByEmail,
  insertLoginSession,
} from '../features/users/users.repository.ts';
import { normaliseEmail } from '../features/users/users.service.ts';
import type { UsersTable } from '../features/users/users.table.ts';
import { randomBase62 } from '../lib/ids.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import type { UserPrincipal } from './principal.ts';
import { ROLE_PERMISSIONS } from './roles.ts';

export const SESSION_COOKIE = 'sa_session';
export const SESSION_TTL_SECONDS = 14 * 86_400;

export function hashSessionId(value: string): string {
  return sha256Hex(value);
}

/** Checks an e-mail and password; null when either is wrong, after the same work either way. */
export async function verifyCredentials(db: Db, email: string, password: string): Promise<UsersTable | null> {
  const user = await findUserByEmail(db, normaliseEmail(email));
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  return user && valid ? user : null;
}

/** Starts a sign-in session and returns the cookie value; the database keeps only its hash. */
export async function startLoginSession(db: Db, user: UsersTable): Promise<string> {
  const value = randomBase62(43);
  const now = Math.floor(Date.now() / 1000);
  await deleteExpiredLoginSessions(db, now);
  await insertLoginSession(db, {
    account_id: user.account_id,
    id_hash: hashSessionId(value),
    user_id: user.id,
    created_at: now,
    expires_at: now + SESSION_TTL_SECONDS,
  });
  return value;
}

export async function resolveLoginSession(db: Db, value: string): Promise<UserPrincipal | null> {
  if (!/^[0-9A-Za-z]{43}$/.test(value)) return null;
  const user = await findLoginSessionUser(db, hashSessionId(value), Math.floor(Date.now() / 1000));
  if (!user) return null;
  const role = user.role as Role;
  return {
    kind: 'user',
    accountId: user.account_id,
    userId: user.id,
    email: user.email,
    role,
    scopes: new Set(ROLE_PERMISSIONS[role] ?? []),
  };
}

export async function endLoginSession(db: Db, value: string): Promise<void> {
  await deleteLoginSession(db, hashSessionId(value));
}
