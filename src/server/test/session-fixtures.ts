import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import { nameWordKeys, namedColumns } from '../lib/name-key.ts';
import { emailHash, emailKey } from '../lib/email-key.ts';
import { sessionResourceSqlText, sessionResourceWrittenSqlText } from '../features/sessions/session-resource-json.ts';

/** A base-36 id like the ones the recorder gives sessions (`s_…`) and visitors (`v_…`). */
/** An account with this id (and name), for tests that write rows straight into a database. */
export async function insertAccount(db: Db, id: string): Promise<void> {
  await db.insertInto('accounts').values({ id, name: id, created_at: 1, ip_truncation: 0 }).execute();
}

export function fixtureId(prefix: string): string {
  let out = '';
  for (const byte of crypto.randomBytes(20)) out += (byte % 36).toString(36);
  return `${prefix}_${out}`;
}

/** A fixed, ordinary instant (2025-06-15T12:00:00Z) used when a test does not care about time. */
export const DEFAULT_TIMESTAMP = 1_749_988_800;

export type VisitorOverrides = Partial<Omit<VisitorsTable, 'account_id' | 'params'>> & {
  /** Either the stored JSON text or the list itself. */
  params?: string | { name: string; value: string }[];
};

/**
 * Inserts a visitor row. `email_lower` and `email_hash` follow `email` (trimmed, lower-cased, SHA-256)
 * unless given, as the recorder stores them.
 */
export async function insertVisitor(
  db: Db,
  accountId: string,
  overrides: VisitorOverrides = {},
): Promise<VisitorsTable> {
  const email = overrides.email ?? null;
  const emailLower =
    overrides.email_lower !== undefined ? overrides.email_lower : email === null ? null : emailKey(email);
  const params = overrides.params ?? [];
  const row: VisitorsTable = {
    id: overrides.id ?? fixtureId('v'),
    ...namedColumns(overrides.name),
    email,
    email_lower: emailLower,
    email_hash:
      overrides.email_hash !== undefined ? overrides.email_hash : emailLower === null ? null : emailHash(email ?? ''),
    first_session_timestamp: overrides.first_session_timestamp ?? DEFAULT_TIMESTAMP,
    last_session_timestamp: overrides.last_session_timestamp ?? DEFAULT_TIMESTAMP,
    account_id: accountId,
    params: typeof params === 'string' ? params : JSON.stringify(params),
  };
  // A nameless visitor leaves the keys out, so migration tests can insert into the table as it was before them.
  const { name_key: key, name_tail_key: _tail, name_last_key: _last, name_third_key: _third, ...withoutKeys } = row;
  await db
    .insertInto('visitors')
    .values(key === null ? withoutKeys : row)
    .execute();
  const words = nameWordKeys(row.name);
  if (words.length > 0)
    await db
      .insertInto('visitor_name_words')
      .values(words.map((word) => ({ account_id: accountId, word_key: word, visitor_id: row.id })))
      .execute();
  return row;
}

export type SessionOverrides = Partial<Omit<SessionsTable, 'account_id' | 'website_id' | 'visitor_id' | 'tags'>> & {
  /** Either the stored JSON text or the list itself. */
  tags?: string | string[];
};

/**
 * Inserts a session row with a plausible value in every column. Times derive from `creation_timestamp`
 * (end = creation + duration, and so on) unless given.
 */
export async function insertSession(
  db: Db,
  accountId: string,
  websiteId: string,
  visitorId: string,
  overrides: SessionOverrides = {},
): Promise<SessionsTable> {
  const { tags = ['returning'], ...rest } = overrides;
  const creation = rest.creation_timestamp ?? DEFAULT_TIMESTAMP;
  const duration = rest.duration ?? 180;
  const end = rest.end_timestamp ?? creation + duration;
  const row: SessionsTable = {
    id: fixtureId('s'),
    creation_timestamp: creation,
    duration,
    end_timestamp: end,
    active_time: 95,
    start_url: 'https://shop.example.com/?utm_source=newsletter',
    end_url: 'https://shop.example.com/checkout',
    expiration_timestamp: creation + 90 * 86_400,
    last_event_timestamp: end - 4,
    product: 'storefront',
    device: 'desktop',
    last_seen_page_view_id: fixtureId('pv'),
    seen: 0,
    referrer: 'https://www.google.com/',
    visitor_first_session: 0,
    engagement_score: 42.5,
    ip: '203.0.113.7',
    country_code: 'GB',
    region: 'England',
    city: 'London',
    resolution_width: 1920,
    resolution_height: 1080,
    os_name: 'Windows',
    os_version: '11',
    browser_description: 'Chrome 126.0 on Windows 11',
    browser_name: 'Chrome',
    browser_version: '126.0',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'summer-sale',
    utm_term: '',
    utm_content: 'hero-banner',
    page_views: 4,
    clicks: 12,
    error_clicks: 1,
    rage_clicks: 0,
    error_logs: 2,
    net_errors: 0,
    ...rest,
    account_id: accountId,
    website_id: websiteId,
    visitor_id: visitorId,
    tags: typeof tags === 'string' ? tags : JSON.stringify(tags),
  };
  await db.insertInto('sessions').values(row).execute();
  return row;
}

/**
 * PostgreSQL: each session's resource text as a page reads it (the kept runs joined with the values read
 * elsewhere) and as written anew from its columns, by session id; of one account, or of all.
 */
export async function keptAndWrittenResources(
  db: Db,
  accountId?: string,
): Promise<{ kept: string; written: string }[]> {
  const { rows } = await sql<{ kept: string; written: string }>`
    select ${sql.raw(sessionResourceSqlText(true))} as kept, ${sql.raw(sessionResourceWrittenSqlText())} as written
    from sessions join visitors on visitors.account_id = sessions.account_id and visitors.id = sessions.visitor_id
    where ${accountId === undefined ? sql`true` : sql`sessions.account_id = ${accountId}`}
    order by sessions.id`.execute(db);
  return rows;
}
