import type { Role } from '../../../api/schemas/common.ts';
import type { CreateUserInput, UpdateUserInput, UserResource } from '../../../api/schemas/users.ts';
import { generatePassword, hashPassword } from '../../auth/passwords.ts';
import { userKey } from '../../auth/principal.ts';
import { type Db, isUniqueViolation } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import {
  countAdminsForUpdate,
  deletePasswordLinks,
  deleteUserRow,
  findUserByEmail,
  findUserRow,
  insertUser,
  listUserRows,
  updateUserRow,
} from './users.repository.ts';
import type { UsersTable } from './users.table.ts';
import { forgetPersonalViews } from '../views/views.service.ts';

export function toUserResource(row: UsersTable): UserResource {
  return { user_id: row.id, email: row.email, name: row.name, role: row.role as Role, created_at: row.created_at };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Adds a person with a generated password, returned this once (the command line hands it over; the
 * API issues a set-password link instead and never shows it).
 */
export async function createUser(
  db: Db,
  accountId: string,
  input: CreateUserInput,
): Promise<{ user: UserResource; password: string }> {
  const email = normaliseEmail(input.email);
  if (await findUserByEmail(db, email)) {
    throw errors.conflict('email_taken', `${email} already has a sign-in`);
  }
  const password = generatePassword();
  const row: UsersTable = {
    account_id: accountId,
    id: newId('usr'),
    email,
    name: input.name?.trim() || email.split('@')[0] || email,
    role: input.role,
    password_hash: await hashPassword(password),
    created_at: Math.floor(Date.now() / 1000),
  };
  try {
    await insertUser(db, row);
  } catch (error) {
    // Two requests for one new e-mail can both pass the check above; the unique index decides.
    if (isUniqueViolation(error)) throw errors.conflict('email_taken', `${email} already has a sign-in`);
    throw error;
  }
  return { user: toUserResource(row), password };
}

export async function listUsers(db: Db, accountId: string): Promise<UserResource[]> {
  return (await listUserRows(db, accountId)).map(toUserResource);
}

async function requireUser(db: Db, accountId: string, userId: string): Promise<UsersTable> {
  const row = await findUserRow(db, accountId, userId);
  if (!row) throw errors.notFound('Person');
  return row;
}

async function ensureAnotherAdmin(db: Db, accountId: string, row: UsersTable): Promise<void> {
  if (row.role === 'admin' && (await countAdminsForUpdate(db, accountId)) <= 1) {
    throw errors.conflict('last_admin', 'An account keeps at least one admin');
  }
}

export async function updateUser(
  db: Db,
  accountId: string,
  userId: string,
  input: UpdateUserInput,
): Promise<UserResource> {
  return db.transaction().execute(async (trx) => {
    const row = await requireUser(trx, accountId, userId);
    if (input.role !== undefined && input.role !== 'admin') await ensureAnotherAdmin(trx, accountId, row);
    const changes = { name: input.name?.trim() || row.name, role: input.role ?? row.role };
    await updateUserRow(trx, accountId, userId, changes);
    return toUserResource({ ...row, ...changes });
  });
}

export async function deleteUser(
  db: Db,
  accountId: string,
  userId: string,
): Promise<{ user_id: string; deleted: true }> {
  return db.transaction().execute(async (trx) => {
    const row = await requireUser(trx, accountId, userId);
    await ensureAnotherAdmin(trx, accountId, row);
    await deletePasswordLinks(trx, accountId, userId);
    await forgetPersonalViews(trx, accountId, userKey(userId));
    await deleteUserRow(trx, accountId, userId);
    return { user_id: userId, deleted: true as const };
  });
}
