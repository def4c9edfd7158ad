import { sha256Hex } from '../../lib/sha256.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { randomBase62 } from '../../lib/ids.ts';
import { hashPassword } from '../../auth/passwords.ts';
import {
  deleteLoginSessionsOf,
  deletePasswordLinks,
  findPasswordLinkUser,
  findUserRow,
  insertPasswordLink,
  takePasswordLink,
  updateUserPasswordHash,
} from './users.repository.ts';
import type { UsersTable } from './users.table.ts';

/** Long enough to pass a link on over a weekend, short enough that a forgotten one stops working. */
export const PASSWORD_LINK_TTL_SECONDS = 7 * 86_400;
const TOKEN_PATTERN = /^[0-9A-Za-z]{43}$/;

export interface PasswordLink {
  set_password_url: string;
  set_password_expires_at: number;
}

function hashToken(token: string): string {
  return sha256Hex(token);
}

/**
 * Issues a one-time link with which the person sets a password; any earlier link of theirs stops
 * working. The secret travels in the URL's fragment, so it never reaches a server's access log or a
 * Referer header.
 */
export async function issuePasswordLink(
  db: Db,
  accountId: string,
  userId: string,
  publicUrl: string,
  now = Math.floor(Date.now() / 1000),
): Promise<PasswordLink> {
  if (!(await findUserRow(db, accountId, userId))) throw errors.notFound('Person');
  const token = randomBase62(43);
  const expiresAt = now + PASSWORD_LINK_TTL_SECONDS;
  await db.transaction().execute(async (trx) => {
    await deletePasswordLinks(trx, accountId, userId);
    await insertPasswordLink(trx, {
      token_hash: hashToken(token),
      account_id: accountId,
      user_id: userId,
      created_at: now,
      expires_at: expiresAt,
    });
  });
  const url = new URL('/set-password', publicUrl);
  url.hash = `token=${token}`;
  return { set_password_url: url.toString(), set_password_expires_at: expiresAt };
}

/**
 * Sets the password a link was issued for, once: the link and every other link of the person stop
 * working, and the person is signed out everywhere else. Returns the person, to sign them in.
 */
export async function setPasswordWithLink(db: Db, token: string, password: string): Promise<UsersTable> {
  const expired = () =>
    errors.validation('invalid_link', 'This link has expired or was already used; ask an admin for a new one', 'token');
  if (!TOKEN_PATTERN.test(token)) throw expired();
  // Hashing takes tens of milliseconds: do it before the transaction, which then only writes.
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const tokenHash = hashToken(token);
    const user = await findPasswordLinkUser(trx, tokenHash, Math.floor(Date.now() / 1000));
    // Two uses of one link at once: the row lock lets only the first delete it.
    if (!user || (await takePasswordLink(trx, tokenHash)) !== 1) throw expired();
    await deletePasswordLinks(trx, user.account_id, user.id);
    await updateUserPasswordHash(trx, user.account_id, user.id, passwordHash);
    await deleteLoginSessionsOf(trx, user.account_id, user.id);
    return { ...user, password_hash: passwordHash };
  });
}
