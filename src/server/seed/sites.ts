import type { Db } from '../db/database.ts';
import { insertWebsite } from '../features/websites/websites.repository.ts';
import { newPublicKey } from '../features/websites/websites.service.ts';
import type { WebsitesTable } from '../features/websites/websites.table.ts';
import { newId } from '../lib/ids.ts';
import { type Product, productsOfHost } from './pages.ts';
import type { WeightedTable } from './random.ts';

/** A website sessions are recorded on, with what its pages and products look like. */
export interface SeedSite {
  id: string;
  host: string;
  products: WeightedTable<Product>;
}

const TEMPLATES: readonly { subdomain: string; suffix: string }[] = [
  { subdomain: 'shop', suffix: ' Shop' },
  { subdomain: 'www', suffix: '' },
  { subdomain: 'docs', suffix: ' Docs' },
  { subdomain: 'app', suffix: ' App' },
  { subdomain: 'blog', suffix: ' Blog' },
];
const SPARE_BRANDS = ['acme', 'globex', 'initech', 'hooli', 'wonka', 'tyrell', 'soylent', 'vandelay'];

function brandOf(accountName: string): string {
  const brand = accountName
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 30);
  return brand.length > 0 ? brand : 'acme';
}

function toSeedSite(row: WebsitesTable): SeedSite {
  return { id: row.id, host: row.host, products: productsOfHost(row.host) };
}

/**
 * The websites to spread sessions over: the account's own, topped up with new ones (`shop.<brand>.com`,
 * "Acme Shop", ...) up to `count`. With `exact`, only the first `count` are used.
 */
export async function ensureSites(
  db: Db,
  account: { id: string; name: string },
  count: number,
  exact: boolean,
): Promise<SeedSite[]> {
  // Oldest first, so "the first K websites" stays the same set however the dashboard sorts them.
  const rows: WebsitesTable[] = await db
    .selectFrom('websites')
    .selectAll()
    .where('account_id', '=', account.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const hosts = new Set(rows.map((row) => row.host));
  const brands = [brandOf(account.name), ...SPARE_BRANDS];
  // Websites list in created_at order; one second apart, the new ones keep the order they were made in.
  const missing = Math.max(0, count - rows.length);
  let createdAt = Math.max(Math.floor(Date.now() / 1000) - missing + 1, (rows.at(-1)?.created_at ?? 0) + 1);
  for (let index = 0; rows.length < count; index += 1) {
    const template = TEMPLATES[index % TEMPLATES.length];
    const brand = brands[Math.floor(index / TEMPLATES.length) % brands.length];
    if (!template || !brand) continue;
    const round = Math.floor(index / (TEMPLATES.length * brands.length));
    const host = `${template.subdomain}.${brand}${round === 0 ? '' : round + 1}.com`;
    if (hosts.has(host)) continue;
    const name = `${brand.charAt(0).toUpperCase()}${brand.slice(1)}${template.suffix}`;
    const row: WebsitesTable = {
      account_id: account.id,
      id: newId('web'),
      host,
      name,
      description: '',
      created_at: createdAt,
      public_key: newPublicKey(),
    };
    createdAt += 1;
    await insertWebsite(db, row);
    rows.push(row);
    hosts.add(host);
  }
  return (exact ? rows.slice(0, count) : rows).map(toSeedSite);
}
