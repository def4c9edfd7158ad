import crypto from 'node:crypto';
import type { WebsiteResource } from '../../../api/schemas/websites.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { normaliseHost } from './website-host.ts';
import {
  anyWebsiteRowWithHost,
  findLastEventTimestamp,
  findWebsiteRow,
  findWebsiteRowByHost,
  findWebsiteRowByPublicKey,
  insertWebsite,
  listWebsiteRows,
} from './websites.repository.ts';
import type { WebsitesTable } from './websites.table.ts';

/** The key a website's tracker snippet carries: public by design, it only allows sending events. */
export function newPublicKey(): string {
  return `pk_${crypto.randomBytes(16).toString('hex')}`;
}

/** The tag a website's pages carry: the tracker from this server, and the website's public key. */
export function trackerSnippet(publicUrl: string, publicKey: string): string {
  return `<script async src="${publicUrl}/t.js" data-key="${publicKey}"></script>`;
}

export function toWebsiteResource(row: WebsitesTable, publicUrl: string, lastEventAt: number | null): WebsiteResource {
  return {
    website_id: row.id,
    host: row.host,
    name: row.name,
    public_key: row.public_key,
    snippet: trackerSnippet(publicUrl, row.public_key),
    description: row.description,
    last_event_at: lastEventAt,
  };
}

function normaliseName(name: string | undefined, host: string): string {
  const trimmed = name?.trim() ?? '';
  return trimmed === '' ? host : trimmed;
}

/**
 * Registers a website: the host is validated and normalised (see `normaliseHost`) and must be new
 * in the account (409 otherwise); the name defaults to the host.
 */
export async function createWebsite(
  db: Db,
  input: { accountId: string; host: string; name?: string; description?: string },
): Promise<WebsitesTable> {
  const host = normaliseHost(input.host);
  const row: WebsitesTable = {
    account_id: input.accountId,
    id: newId('web'),
    host,
    name: normaliseName(input.name, host),
    description: input.description?.trim() ?? '',
    created_at: Math.floor(Date.now() / 1000),
    public_key: newPublicKey(),
  };
  await db.transaction().execute(async (trx) => {
    if (await findWebsiteRowByHost(trx, input.accountId, host)) {
      throw errors.conflict('website_exists', `This account already has a website for ${host}`);
    }
    await insertWebsite(trx, row);
  });
  return row;
}

export async function createWebsiteResource(
  db: Db,
  input: { accountId: string; host: string; name?: string; description?: string },
  publicUrl: string,
): Promise<WebsiteResource> {
  return toWebsiteResource(await createWebsite(db, input), publicUrl, null);
}

export async function listWebsites(db: Db, accountId: string, publicUrl: string): Promise<WebsiteResource[]> {
  const rows = await listWebsiteRows(db, accountId);
  return Promise.all(
    rows.map(async (row) => toWebsiteResource(row, publicUrl, await findLastEventTimestamp(db, accountId, row.id))),
  );
}

/** One website of the account, or undefined (another account's website is not found either). */
export function findWebsite(db: Db, accountId: string, websiteId: string): Promise<WebsitesTable | undefined> {
  return findWebsiteRow(db, accountId, websiteId);
}

/** The website whose tracker snippet carries `publicKey`, in any account. */
export function findWebsiteByPublicKey(db: Db, publicKey: string): Promise<WebsitesTable | undefined> {
  return findWebsiteRowByPublicKey(db, publicKey);
}

/** Whether some website's host is one of `hosts` (the CORS preflight, which carries no key). */
export function anyWebsiteWithHost(db: Db, hosts: readonly string[]): Promise<boolean> {
  return anyWebsiteRowWithHost(db, hosts);
}
