import { sha256Hex } from '../../lib/sha256.ts';
import { LRUCache } from 'lru-cache';
import { type Permission, SCOPES, type Scope } from '../../../api/schemas/common.ts';
import type { ApiTokenResource } from '../../../api/schemas/tokens.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { characterCount } from '../../lib/characters.ts';
import { newId, randomBase62 } from '../../lib/ids.ts';
import { tokenKey } from '../../auth/principal.ts';
import { forgetPersonalViews } from '../views/views.service.ts';
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
  return sha256Hex(token);
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

export async function revokeApiToken(db: Db, accountId: string, tokenId: string): Promise<boolean> {
  const revoked = await db.transaction().execute(async (trx) => {
    const done = await revokeToken(trx, accountId, tokenId, Math.floor(Date.now() / 1000));
    if (done) await forgetPersonalViews(trx, accountId, tokenKey(tokenId));
    return done;
  });
  // Whichever token it was stops at once in this process.
  verifiedTokensOf(db).clear();
  return revoked;
}

interface VerifiedToken {
  principal: TokenPrincipal;
  expiresAt: number | null;
  lastUsedAt: number | null;
}

/**
 * How long a token found valid is trusted without reading its row again. Every API request names its
 * token, and on PostgreSQL reading it cost as much as the rest of a first page's queries (600 against 680
 * first pages a second at 1,000,000 sessions). A token revoked through this process stops at once;
 * revoked by another process (a second HTTP process, the command line), within this time.
 */
const VERIFIED_TOKEN_MS = 1_000;
const VERIFIED_TOKENS_MAX = 10_000;

/** Per database: tests and tools open several in one process. Keyed by the token's hash, never the token. */
const verifiedTokens = new WeakMap<Db, LRUCache<string, VerifiedToken>>();

function verifiedTokensOf(db: Db): LRUCache<string, VerifiedToken> {
  let cache = verifiedTokens.get(db);
  if (!cache) {
    cache = new LRUCache({ max: VERIFIED_TOKENS_MAX, ttl: VERIFIED_TOKEN_MS });
    verifiedTokens.set(db, cache);
  }
  return cache;
}

async function verifyToken(db: Db, tokenHash: string): Promise<VerifiedToken | null> {
  const cache = verifiedTokensOf(db);
  const cached = cache.get(tokenHash);
  if (cached) return cached;
  const row = await findTokenByHash(db, tokenHash);
  // Unknown and revoked tokens are looked up every time: guesses cannot fill the cache.
  if (!row || row.revoked_at !== null) return null;
  const verified: VerifiedToken = {
    principal: {
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
    },
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
  cache.set(tokenHash, verified);
  return verified;
}

/** Resolves a bearer token to its principal, or null when it is unknown, revoked or expired. */
export async function authenticateToken(db: Db, token: string): Promise<TokenPrincipal | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const verified = await verifyToken(db, hashToken(token));
  const now = Math.floor(Date.now() / 1000);
  if (!verified || (verified.expiresAt !== null && verified.expiresAt <= now)) return null;
  if (verified.lastUsedAt === null || now - verified.lastUsedAt >= TOUCH_INTERVAL_SECONDS) {
    verified.lastUsedAt = now;
    await touchToken(db, verified.principal.accountId, verified.principal.tokenId, now);
  }
  return verified.principal;
}
