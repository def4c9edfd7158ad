import crypto from 'node:crypto';
import type { WebsiteResource } from '../../../api/schemas/websites.ts';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { insertWebsite, listWebsiteRows } from './websites.repository.ts';
import type { WebsitesTable } from './websites.table.ts';

const HOST_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/i;

/** The key a website's tracker snippet carries: public by design, it only allows sending events. */
export function newPublicKey(): string {
  return `pk_${crypto.randomBytes(16).toString('hex')}`;
}

/** The tag a website's pages carry: the tracker from this server, and the website's public key. */
export function trackerSnippet(publicUrl: string, publicKey: string): string {
  return `<script async src="${publicUrl}/t.js" data-key="${publicKey}"></script>`;
}

export function toWebsiteResource(row: WebsitesTable, publicUrl: string): WebsiteResource {
  return {
    website_id: row.id,
    host: row.host,
    name: row.name,
    public_key: row.public_key,
    snippet: trackerSnippet(publicUrl, row.public_key),
  };
}

export async function createWebsite(
  db: Db,
  input: { accountId: string; host: string; name?: string },
): Promise<WebsitesTable> {
  const host = input.host.trim().toLowerCase();
  if (!HOST_PATTERN.test(host)) throw new Error(`"${input.host}" is not a host name such as shop.example.com`);
  const row: WebsitesTable = {
    account_id: input.accountId,
    id: newId('web'),
    host,
    name: input.name?.trim() || host,
    created_at: Math.floor(Date.now() / 1000),
    public_key: newPublicKey(),
  };
  await insertWebsite(db, row);
  return row;
}

export async function listWebsites(db: Db, accountId: string, publicUrl: string): Promise<WebsiteResource[]> {
  return (await listWebsiteRows(db, accountId)).map((row) => toWebsiteResource(row, publicUrl));
}
