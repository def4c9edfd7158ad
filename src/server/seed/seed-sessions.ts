import crypto from 'node:crypto';
import type { Db } from '../db/database.ts';
import { requireAccount } from '../features/accounts/accounts.service.ts';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import { BatchInserter } from './batch-insert.ts';
import { Random } from './random.ts';
import { ensureSites } from './sites.ts';
import { generateVisitor, pickSessionCount, sitesTable } from './visitor-generator.ts';

export interface SeedOptions {
  accountId: string;
  sessions: number;
  /** Websites to spread sessions over (default 3): the account's first ones, created if missing. */
  websites?: number;
  /** Length of the window ending at `now` (default 60). */
  days?: number;
  now?: Date;
  /** Same seed, same `now` and same websites: the same visitors and sessions. */
  seed?: number;
  onProgress?: (done: number) => void;
}

export interface SeedResult {
  websiteIds: string[];
  sessions: number;
  visitors: number;
}

const DEFAULT_WEBSITES = 3;
const DEFAULT_DAYS = 60;
// Rows written per transaction: large enough to amortise commits, small enough to keep memory flat.
const SESSIONS_PER_TRANSACTION = Number(process.env.TXN ?? 20_000);

type Columns<Row> = Record<keyof Row, true>;
const VISITOR_COLUMNS = Object.keys({
  account_id: true, id: true, name: true, email: true, email_lower: true, email_hash: true, params: true,
  first_session_timestamp: true, last_session_timestamp: true,
} satisfies Columns<VisitorsTable>) as (keyof VisitorsTable)[];
const SESSION_COLUMNS = Object.keys({
  account_id: true, id: true, website_id: true, visitor_id: true, creation_timestamp: true, duration: true,
  end_timestamp: true, active_time: true, start_url: true, end_url: true, expiration_timestamp: true,
  last_event_timestamp: true, product: true, device: true, tags: true, last_seen_page_view_id: true, seen: true,
  referrer: true, visitor_first_session: true, engagement_score: true, ip: true, country_code: true, region: true,
  city: true, resolution_width: true, resolution_height: true, os_name: true, os_version: true,
  browser_description: true, browser_name: true, browser_version: true, utm_source: true, utm_medium: true,
  utm_campaign: true, utm_term: true, utm_content: true, page_views: true, clicks: true, error_clicks: true,
  rage_clicks: true, error_logs: true, net_errors: true,
} satisfies Columns<SessionsTable>) as (keyof SessionsTable)[];

/**
 * Adds `sessions` realistic sessions (and their visitors) to an account. Rows are generated visitor by
 * visitor and written in multi-row inserts, one transaction per batch, so memory stays flat at any size.
 */
export async function seedSessions(db: Db, options: SeedOptions): Promise<SeedResult> {
  if (!Number.isSafeInteger(options.sessions) || options.sessions < 0) throw new Error('sessions must be a whole number');
  const days = options.days ?? DEFAULT_DAYS;
  if (!(days >= 1)) throw new Error('days must be at least 1');
  const account = await requireAccount(db, options.accountId);
  const sites = await ensureSites(db, account, options.websites ?? DEFAULT_WEBSITES, options.websites !== undefined);
  const random = new Random(options.seed ?? crypto.randomInt(2 ** 32));
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const context = { accountId: account.id, sites: sitesTable(sites), windowStart: now - Math.round(days * 86_400), now };

  const visitorInserter = new BatchInserter(db, 'visitors', VISITOR_COLUMNS);
  const sessionInserter = new BatchInserter(db, 'sessions', SESSION_COLUMNS);
  let visitorBuffer: VisitorsTable[] = [];
  let sessionBuffer: SessionsTable[] = [];
  let written = 0;
  let visitors = 0;

  const flush = async () => {
    const [pendingVisitors, pendingSessions] = [visitorBuffer, sessionBuffer];
    visitorBuffer = [];
    sessionBuffer = [];
    await db.transaction().execute(async (trx) => {
      await visitorInserter.insert(trx, pendingVisitors);
      await sessionInserter.insert(trx, pendingSessions);
    });
    written += pendingSessions.length;
    options.onProgress?.(written);
  };

  let remaining = options.sessions;
  while (remaining > 0) {
    const count = Math.min(remaining, pickSessionCount(random));
    const generated = generateVisitor(random, context, count);
    visitorBuffer.push(generated.visitor);
    for (const session of generated.sessions) sessionBuffer.push(session);
    remaining -= count;
    visitors += 1;
    if (sessionBuffer.length >= SESSIONS_PER_TRANSACTION) await flush();
  }
  if (sessionBuffer.length > 0) await flush();

  return { websiteIds: sites.map((site) => site.id), sessions: written, visitors };
}
