import crypto from 'node:crypto';
import type { Db } from '../db/database.ts';
import { requireAccount } from '../features/accounts/accounts.service.ts';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import { Random } from './random.ts';
import { openRowWriter } from './row-writer.ts';
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
  /**
   * Drop the secondary indexes of sessions and visitors for the load and build them again at the end.
   * By default only for loads of at least 100,000 sessions that at least double the table, where one
   * sorted build beats updating every index row by row; readers see full scans meanwhile.
   */
  deferIndexes?: boolean;
  /** Sessions per write transaction, instead of the writer's own choice (which suits large loads). */
  sessionsPerWrite?: number;
  onProgress?: (done: number) => void;
}

export interface SeedResult {
  websiteIds: string[];
  sessions: number;
  visitors: number;
}

const DEFAULT_WEBSITES = 3;
const DEFAULT_DAYS = 60;
const DEFER_INDEXES_FROM = 100_000;

async function shouldDeferIndexes(db: Db, sessions: number): Promise<boolean> {
  if (sessions < DEFER_INDEXES_FROM) return false;
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return sessions >= Number(row.n);
}

/**
 * Adds `sessions` realistic sessions (and their visitors) to an account. Rows are generated visitor by
 * visitor and written in large batches, one transaction per batch, so memory stays flat at any size.
 */
export async function seedSessions(db: Db, options: SeedOptions): Promise<SeedResult> {
  if (!Number.isSafeInteger(options.sessions) || options.sessions < 0)
    throw new Error('sessions must be a whole number');
  const days = options.days ?? DEFAULT_DAYS;
  if (!(days >= 1)) throw new Error('days must be at least 1');
  const account = await requireAccount(db, options.accountId);
  const sites = await ensureSites(db, account, options.websites ?? DEFAULT_WEBSITES, options.websites !== undefined);
  const random = new Random(options.seed ?? crypto.randomInt(2 ** 32));
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const context = {
    accountId: account.id,
    sites: sitesTable(sites),
    windowStart: now - Math.round(days * 86_400),
    now,
  };

  const deferIndexes = options.deferIndexes ?? (await shouldDeferIndexes(db, options.sessions));
  const writer = await openRowWriter(db, { deferIndexes });
  const sessionsPerWrite = options.sessionsPerWrite ?? writer.sessionsPerWrite;
  const inFlight = new Set<Promise<void>>();
  let visitorBuffer: VisitorsTable[] = [];
  let sessionBuffer: SessionsTable[] = [];
  let written = 0;
  let visitors = 0;

  // Hands the buffered rows to the writer and keeps generating while they are written, once as many
  // writes as the writer's parallelism are running; a failed write rejects the next wait.
  const flush = async () => {
    while (inFlight.size >= writer.parallelism) await Promise.race(inFlight);
    const sessionCount = sessionBuffer.length;
    const task = writer.write(visitorBuffer, sessionBuffer).then(() => {
      written += sessionCount;
      options.onProgress?.(written);
    });
    visitorBuffer = [];
    sessionBuffer = [];
    inFlight.add(task);
    const forget = () => inFlight.delete(task);
    task.then(forget, forget);
  };

  let failure: unknown = null;
  try {
    let remaining = options.sessions;
    while (remaining > 0) {
      const count = Math.min(remaining, pickSessionCount(random));
      const generated = generateVisitor(random, context, count);
      visitorBuffer.push(generated.visitor);
      for (const session of generated.sessions) sessionBuffer.push(session);
      remaining -= count;
      visitors += 1;
      if (sessionBuffer.length >= sessionsPerWrite) await flush();
    }
    if (sessionBuffer.length > 0) await flush();
    await Promise.all(inFlight);
  } catch (error) {
    failure = error;
  }
  await Promise.allSettled(inFlight);
  // Dropped indexes are built again even after a failed write; the write's error is the one reported.
  try {
    await writer.close();
  } catch (error) {
    if (failure === null) throw error;
    const reason = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));
    throw new Error(`${reason(failure)} (rebuilding the indexes afterwards failed too: ${reason(error)})`, {
      cause: failure,
    });
  }
  if (failure !== null) throw failure;

  return { websiteIds: sites.map((site) => site.id), sessions: written, visitors };
}
