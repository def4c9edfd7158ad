import crypto from 'node:crypto';
import type { Db } from '../db/database.ts';
import { requireAccount } from '../features/accounts/accounts.service.ts';
import type { SessionsTable, VisitorNameWordsTable, VisitorsTable } from '../features/sessions/sessions.table.ts';
import { nameWordKeys } from '../lib/name-key.ts';
import { BatchInserter } from './batch-insert.ts';
import { Random } from './random.ts';
import { openRowWriter, type SeedBatch } from './row-writer.ts';
import { ensureSites } from './sites.ts';
import {
  drawSession,
  drawTraits,
  ID_SEQUENCE_DIGITS,
  pickSessionCount,
  planVisitor,
  sitesTable,
  type VisitorPlan,
  visitorRow,
  type VisitorTraits,
} from './visitor-generator.ts';

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
 * A load's plan, a few numbers a session: each visitor's seed (their traits are drawn from it again when
 * their sessions are) and where their visits start in the visit columns; each visit's start, seed and visitor.
 * Visits of one visitor are consecutive, by start time.
 */
class LoadPlan {
  visitors = 0;
  readonly visitorSeeds: Uint32Array;
  readonly firstVisits: Uint32Array;
  readonly creations: Float64Array;
  readonly seeds: Uint32Array;
  readonly owners: Uint32Array;

  constructor(readonly sessions: number) {
    // A visitor has at least one session.
    this.visitorSeeds = new Uint32Array(sessions);
    this.firstVisits = new Uint32Array(sessions + 1);
    this.creations = new Float64Array(sessions);
    this.seeds = new Uint32Array(sessions);
    this.owners = new Uint32Array(sessions);
  }

  add(seed: number, plan: VisitorPlan): void {
    const visitor = this.visitors;
    let at = this.firstVisits[visitor] as number;
    this.visitorSeeds[visitor] = seed;
    for (const visit of plan.visits) {
      this.creations[at] = visit.creation;
      this.seeds[at] = visit.seed;
      this.owners[at] = visitor;
      at += 1;
    }
    this.visitors = visitor + 1;
    this.firstVisits[visitor + 1] = at;
  }

  /**
   * Every visit by start time, with one counting pass over the window's seconds (or coarser steps for
   * windows of years): no comparisons, four bytes a visit, at any size.
   */
  byStart(windowStart: number, now: number): Uint32Array {
    const step = Math.max(1, Math.ceil((now - windowStart + 1) / MAX_STEPS));
    const steps = Math.floor((now - windowStart) / step) + 1;
    const stepOf = (creation: number) => Math.min(steps - 1, Math.max(0, Math.floor((creation - windowStart) / step)));
    const starts = new Uint32Array(steps + 1);
    for (const creation of this.creations) {
      const next = stepOf(creation) + 1;
      starts[next] = (starts[next] as number) + 1;
    }
    for (let i = 1; i <= steps; i += 1) starts[i] = (starts[i] as number) + (starts[i - 1] as number);
    const order = new Uint32Array(this.sessions);
    this.creations.forEach((creation, visit) => {
      const at = stepOf(creation);
      const place = starts[at] as number;
      starts[at] = place + 1;
      order[place] = visit;
    });
    return order;
  }
}

// 2^23 counters (32 MiB): one a second for windows of up to 97 days.
const MAX_STEPS = 2 ** 23;
const SEED_STEP = 0x9e3779b1;

/**
 * Rows drawn between two turns of the event loop. Drawing a batch of 100,000 takes seconds of one core:
 * without a turn meanwhile, the writes under way could not stream their rows, and a connection being
 * opened for the next one timed out (pg-pool's five seconds) on a slow machine.
 */
const ROWS_BETWEEN_TURNS = 5_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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

  const deferIndexes = options.deferIndexes ?? (await shouldDeferIndexes(db, options.sessions));
  const writer = await openRowWriter(db, { deferIndexes, sessions: options.sessions });
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

  const plan = new LoadPlan(options.sessions);
  // Each visitor's generator is seeded apart: a step through the 32-bit seeds from a point the load's
  // seed picks, an odd step so no two of a load's visitors share a seed.
  const seedBase = random.seed();
  const visitorSeed = (sequence: number) => (seedBase + Math.imul(sequence, SEED_STEP)) >>> 0;
  let failure: unknown = null;
  // The words of names of five words or more, written after the load (the writers take visitors and sessions).
  const nameWords: VisitorNameWordsTable[] = [];
  try {
    // Every visitor is planned and committed before any session: a batch of sessions only adds to their counts.
    let visitors: VisitorsTable[] = [];
    for (let remaining = options.sessions; remaining > 0;) {
      const count = Math.min(remaining, pickSessionCount(random));
      const seed = visitorSeed(plan.visitors);
      const planned = planVisitor(new Random(seed), context, count, plan.visitors);
      plan.add(seed, planned);
      visitors.push(planned.visitor);
      for (const word of nameWordKeys(planned.visitor.name))
        nameWords.push({ account_id: account.id, word_key: word, visitor_id: planned.visitor.id });
      remaining -= count;
      if (plan.visitors % ROWS_BETWEEN_TURNS === 0) await nextTurn();
      if (visitors.length >= sessionsPerWrite || remaining === 0) {
        await flush({ visitors, sessions: [], sessionVisitors: new Map() });
        visitors = [];
      }
    }
    await Promise.all(inFlight);

    const order = plan.byStart(context.windowStart, now);
    // A batch's visitors, drawn again from their seeds once a batch.
    let drawn = new Map<number, { id: string; traits: VisitorTraits; row: VisitorsTable }>();
    const visitorOf = (owner: number) => {
      const known = drawn.get(owner);
      if (known !== undefined) return known;
      const first = plan.firstVisits[owner] as number;
      const end = plan.firstVisits[owner + 1] as number;
      const traits = drawTraits(new Random(plan.visitorSeeds[owner] as number), context, end - first, owner);
      const row = visitorRow(context, traits, plan.creations[first] as number, plan.creations[end - 1] as number);
      const visitor = { id: row.id, traits, row };
      drawn.set(owner, visitor);
      return visitor;
    };
    let sessions: SessionsTable[] = [];
    for (let at = 0; at < options.sessions; at += 1) {
      const visit = order[at] as number;
      const owner = plan.owners[visit] as number;
      const visitor = visitorOf(owner);
      const planned = { creation: plan.creations[visit] as number, seed: plan.seeds[visit] as number };
      // The load's sequence number makes each id unique; the random part keeps loads apart.
      const tail = `${at.toString(36).padStart(ID_SEQUENCE_DIGITS, '0')}${random.base36(13 - ID_SEQUENCE_DIGITS)}`;
      sessions.push(drawSession(context, visitor, planned, visit - (plan.firstVisits[owner] as number), tail));
      if (at % ROWS_BETWEEN_TURNS === 0) await nextTurn();
      if (sessions.length >= sessionsPerWrite || at === options.sessions - 1) {
        const sessionVisitors = new Map([...drawn.values()].map(({ row }) => [row.id, row]));
        await flush({ visitors: [], sessions, sessionVisitors });
        sessions = [];
        drawn = new Map();
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
  await new BatchInserter(db, 'visitor_name_words', ['account_id', 'word_key', 'visitor_id']).insert(db, nameWords);

  return { websiteIds: sites.map((site) => site.id), sessions: written, visitors: plan.visitors };
}
