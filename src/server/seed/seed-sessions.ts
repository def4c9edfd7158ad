import crypto from 'node:crypto';
import type { Db } from '../db/database.ts';
import { requireAccount } from '../features/accounts/accounts.service.ts';
import type { SessionsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import { Random } from './random.ts';
import { openRowWriter, type SeedBatch } from './row-writer.ts';
import { ensureSites } from './sites.ts';
import { drawSession, pickSessionCount, planVisitor, sitesTable, type VisitorPlan } from './visitor-generator.ts';

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
// Six base-36 digits number 2 billion sessions.
const ID_SEQUENCE_DIGITS = 6;

async function shouldDeferIndexes(db: Db, sessions: number): Promise<boolean> {
  if (sessions < DEFER_INDEXES_FROM) return false;
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return sessions >= Number(row.n);
}

/** Every planned visit of a load, in order of start time: whose it is and which of theirs. */
interface VisitOrder {
  owners: Uint32Array;
  indexes: Uint16Array;
}

/**
 * Orders every visit of the plans by start time with one counting pass over the window's seconds (or
 * coarser steps for windows of years): no comparisons, a few bytes a visit, at any size.
 */
function visitsByStart(plans: readonly VisitorPlan[], windowStart: number, now: number, total: number): VisitOrder {
  const step = Math.max(1, Math.ceil((now - windowStart + 1) / MAX_STEPS));
  const steps = Math.floor((now - windowStart) / step) + 1;
  const stepOf = (creation: number) => Math.min(steps - 1, Math.max(0, Math.floor((creation - windowStart) / step)));
  const starts = new Uint32Array(steps + 1);
  for (const plan of plans) {
    for (const visit of plan.visits) {
      const next = stepOf(visit.creation) + 1;
      starts[next] = (starts[next] as number) + 1;
    }
  }
  for (let i = 1; i <= steps; i += 1) starts[i] = (starts[i] as number) + (starts[i - 1] as number);
  const owners = new Uint32Array(total);
  const indexes = new Uint16Array(total);
  plans.forEach((plan, owner) => {
    plan.visits.forEach((visit, index) => {
      const step = stepOf(visit.creation);
      const at = starts[step] as number;
      starts[step] = at + 1;
      owners[at] = owner;
      indexes[at] = index;
    });
  });
  return { owners, indexes };
}

// 2^23 counters (32 MiB): one a second for windows of up to 97 days.
const MAX_STEPS = 2 ** 23;

/**
 * Adds `sessions` realistic sessions (and their visitors) to an account, in two passes. The first plans
 * every visitor and when each of their sessions starts (a few dozen bytes a session) and writes the
 * visitors; the second draws the sessions' rows in order of start time and writes them in large batches,
 * one transaction per batch. So rows land as live traffic lays them down: the table and every index keyed
 * by time or id grow at their ends, and each hour's sessions lie together on disk.
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

  const plans: VisitorPlan[] = [];
  for (let remaining = options.sessions; remaining > 0;) {
    const count = Math.min(remaining, pickSessionCount(random));
    plans.push(planVisitor(random, context, count));
    remaining -= count;
  }
  const order = visitsByStart(plans, context.windowStart, now, options.sessions);

  const deferIndexes = options.deferIndexes ?? (await shouldDeferIndexes(db, options.sessions));
  const writer = await openRowWriter(db, { deferIndexes });
  const sessionsPerWrite = options.sessionsPerWrite ?? writer.sessionsPerWrite;
  const inFlight = new Set<Promise<void>>();
  let written = 0;

  // Hands a batch to the writer and keeps generating while it is written, once as many writes as the
  // writer's parallelism are running; a failed write rejects the next wait.
  const flush = async (batch: SeedBatch) => {
    while (inFlight.size >= writer.parallelism) await Promise.race(inFlight);
    const task = writer.write(batch).then(() => {
      if (batch.sessions.length === 0) return;
      written += batch.sessions.length;
      options.onProgress?.(written);
    });
    inFlight.add(task);
    const forget = () => inFlight.delete(task);
    task.then(forget, forget);
  };

  let failure: unknown = null;
  try {
    // Every visitor is committed before any session: a batch of sessions only adds to their counts.
    for (let start = 0; start < plans.length; start += sessionsPerWrite) {
      const visitors = plans.slice(start, start + sessionsPerWrite).map((plan) => plan.visitor);
      await flush({ visitors, sessions: [], sessionVisitors: new Map() });
    }
    await Promise.all(inFlight);
    let sessions: SessionsTable[] = [];
    let sessionVisitors = new Map<string, VisitorsTable>();
    for (let at = 0; at < options.sessions; at += 1) {
      const plan = plans[order.owners[at] as number] as VisitorPlan;
      // The load's sequence number makes each id unique; the random part keeps loads apart.
      const tail = `${at.toString(36).padStart(ID_SEQUENCE_DIGITS, '0')}${random.base36(13 - ID_SEQUENCE_DIGITS)}`;
      sessions.push(drawSession(plan, context, order.indexes[at] as number, tail));
      sessionVisitors.set(plan.visitor.id, plan.visitor);
      if (sessions.length >= sessionsPerWrite || at === options.sessions - 1) {
        await flush({ visitors: [], sessions, sessionVisitors });
        sessions = [];
        sessionVisitors = new Map();
      }
    }
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

  return { websiteIds: sites.map((site) => site.id), sessions: written, visitors: plans.length };
}
