import crypto from 'node:crypto';
import { type Permission, SCOPES, type Scope } from '../../../api/schemas/common.ts';
import type { ApiTokenResource } from '../../../api/schemas/tokens.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { characterCount } from '../../lib/characters.ts';
import { newId, randomBase62 } from '../../lib/ids.ts';
import type { ApiTokensTable } from './tokens.table.ts';
import { findTokenByHash, insertToken, listTokenRows, revokeToken, touchToken } from './tokens.repository.ts';

export const TOKEN_PREFIX = 'sa_';
const TOKEN_PATTERN = /^sa_[0-9A-Za-z]{40}$/;
// last_used_at is a hint for people, so it is written at most once a minute per token, not on every request.
const TOUCH_INTERVAL_SECONDS = 60;

export interface TokenPrincipal {
  kind: 'token';
  accountId: string;
  tokenId: string;
  name: string;
  scopes: ReadonlySet<Permission>;
}

export type TokenSummary = ApiTokenResource;

function toTokenSummary(row: ApiTokensTable): TokenSummary {
  return {
    token_id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: JSON.parse(row.scopes) as Scope[],
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
  };
}

/** Tokens carry about 238 bits of randomness, so a fast hash is enough: there is nothing to guess. */
function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function parseScopes(list: string): Scope[] {
  const scopes = list
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) throw new Error(`Unknown scope ${unknown.join(', ')}; known scopes: ${SCOPES.join(', ')}`);
  if (scopes.length === 0) throw new Error(`Give at least one scope: ${SCOPES.join(', ')}`);
  return [...new Set(scopes)] as Scope[];
}

/** Creates a token and returns it in clear, the only time it is ever available. */
export async function createApiToken(
  db: Db,
  input: { accountId: string; name: string; scopes: Scope[]; expiresAt?: number | null },
): Promise<{ token: string; summary: TokenSummary }> {
  const name = input.name.trim();
  if (name.length === 0) throw errors.validation('too_short', 'name must not be blank', 'name');
  if (characterCount(name) > 100) throw errors.validation('too_long', 'name must be at most 100 characters', 'name');
  const token = `${TOKEN_PREFIX}${randomBase62(40)}`;
  const row: ApiTokensTable = {
    account_id: input.accountId,
    id: newId('tok'),
    name,
    prefix: token.slice(0, 10),
    token_hash: hashToken(token),
    scopes: JSON.stringify(input.scopes),
    created_at: Math.floor(Date.now() / 1000),
    last_used_at: null,
    expires_at: input.expiresAt ?? null,
    revoked_at: null,
  };
  await insertToken(db, row);
  return { token, summary: toTokenSummary(row) };
}

export async function listApiTokens(db: Db, accountId: string): Promise<TokenSummary[]> {
  return (await listTokenRows(db, accountId)).map(toTokenSummary);
}

export function revokeApiToken(db: Db, accountId: string, tokenId: string): Promise<boolean> {
  return revokeToken(db, accountId, tokenId, Math.floor(Date.now() / 1000));
}

/** Resolves a bearer token to its principal, or null when it is unknown, revoked or expired. */
export async function authenticateToken(db: Db, token: string): Promise<TokenPrincipal | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await findTokenByHash(db, hashToken(token));
  const now = Math.floor(Date.now() / 1000);
  if (!row || row.revoked_at !== null || (row.expires_at !== null && row.expires_at <= now)) return null;
  if (row.last_used_at === null || now - row.last_used_at >= TOUCH_INTERVAL_SECONDS) {
    await touchToken(db, row.account_id, row.id, now);
  }
  return {
    kind: 'token',
    accountId: row.account_id,
    tokenId: row.id,
    name: row.name,
    // Only the scopes a token may carry count, whatever the row says: a token is never an admin.
    scopes: new Set<Permission>(
      (JSON.parse(row.scopes) as string[]).filter((scope): scope is Scope =>
        (SCOPES as readonly string[]).includes(scope),
      ),
    ),
  };
}
