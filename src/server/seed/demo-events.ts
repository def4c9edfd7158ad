import { EVENT_KIND } from '../../api/event-catalogue.ts';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { ACTIVE_GAP_MS } from '../features/ingest/engagement.ts';
import { DAY_MS, retentionDaysFor } from '../features/retention/retention.service.ts';
import type { SessionsTable } from '../features/sessions/sessions.table.ts';
import { newId } from '../lib/ids.ts';
import { Random } from './random.ts';

/** What a click landed on: a selector as the tracker writes it and the element's visible text. */
interface Target {
  selector: string;
  text: string;
}

const CLICKED: readonly Target[] = [
  { selector: 'header nav > a.logo', text: 'Home' },
  { selector: 'header nav > a[href="/pricing"]', text: 'Pricing' },
  { selector: 'header nav > a[href="/docs"]', text: 'Docs' },
  { selector: 'main section.hero > a.button', text: 'Get started' },
  { selector: 'main div.grid > div.card > a', text: 'Read more' },
  { selector: 'main form > input[name="email"]', text: '' },
  { selector: 'main form > button[type="submit"]', text: 'Continue' },
  { selector: 'main div.product > button.add-to-cart', text: 'Add to cart' },
  { selector: 'main table > tbody > tr > td > a', text: 'View' },
  { selector: 'footer nav > a[href="/contact"]', text: 'Contact us' },
];

/** Where frustration shows: a control that fails, the error it throws, the request behind it. */
const FAILING: readonly (Target & { message: string; request: string })[] = [
  {
    selector: 'button#checkout',
    text: 'Checkout',
    message: "TypeError: Cannot read properties of undefined (reading 'total')",
    request: '/api/cart',
  },
  {
    selector: 'form#signup > button[type="submit"]',
    text: 'Create account',
    message: 'Error: Request failed with status 500',
    request: '/api/signup',
  },
  {
    selector: 'button#pay',
    text: 'Pay now',
    message: 'Error: payment declined: card_expired',
    request: '/api/payments',
  },
  {
    selector: 'main div.filters > button.apply',
    text: 'Apply filters',
    message: 'TypeError: Failed to fetch',
    request: '/api/search',
  },
];

/** What a demo session's events are drawn from: its times, pages and counters. */
type DemoSession = Pick<
  SessionsTable,
  | 'id'
  | 'creation_timestamp'
  | 'duration'
  | 'start_url'
  | 'end_url'
  | 'referrer'
  | 'page_views'
  | 'clicks'
  | 'error_clicks'
  | 'rage_clicks'
  | 'error_logs'
  | 'net_errors'
>;

interface DemoEvent {
  kind: number;
  at: number;
  data: Record<string, unknown>;
}

/** A page's title as a small site writes it: "Pricing · Demo" for /pricing. */
function titleOf(url: string): string {
  const path = url.replace(/^https?:\/\/[^/]+/, '').split(/[?#]/)[0] ?? '/';
  const last = path.split('/').filter(Boolean).at(-1);
  if (!last) return 'Home · Demo';
  const words = last.replaceAll('-', ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} · Demo`;
}

/**
 * The events a demo session's counters stand for, at times within it: its start and its page views (the
 * start URL first, its other pages, the end URL last), its clicks, and its frustration (error clicks, rage
 * clicks, JavaScript errors, failed requests) on one failing control, then its end. Counted as its row counts.
 */
export function demoSessionEvents(session: DemoSession, pages: readonly string[], random: Random): DemoEvent[] {
  const durationMs = Math.max(1, session.duration) * 1000;
  const origin = /^https?:\/\/[^/]+/.exec(session.start_url)?.[0] ?? '';
  const within = () => random.int(1, Math.max(1, durationMs - 1));
  const events: DemoEvent[] = [
    { kind: EVENT_KIND.sessionStart, at: 0, data: { url: session.start_url, referrer: session.referrer } },
  ];
  const middle = pages.filter(
    (url) => url !== session.start_url.toLowerCase() && url !== session.end_url.toLowerCase(),
  );
  for (let view = 0; view < session.page_views; view += 1) {
    const url =
      view === 0
        ? session.start_url
        : view === session.page_views - 1
          ? session.end_url
          : (middle[(view - 1) % Math.max(1, middle.length)] ?? session.end_url);
    const at = Math.floor((view * durationMs) / Math.max(1, session.page_views));
    events.push({ kind: EVENT_KIND.pageView, at, data: { url, title: titleOf(url) } });
  }
  for (let click = 0; click < session.clicks; click += 1) {
    const target = random.pick(CLICKED);
    events.push({ kind: EVENT_KIND.click, at: within(), data: { ...target } });
  }
  const failing = random.pick(FAILING);
  const control = { selector: failing.selector, text: failing.text };
  for (let error = 0; error < session.error_clicks; error += 1) {
    events.push({ kind: EVENT_KIND.errorClick, at: within(), data: { ...control, message: failing.message } });
  }
  for (let rage = 0; rage < session.rage_clicks; rage += 1) {
    events.push({ kind: EVENT_KIND.rageClick, at: within(), data: { ...control, click_count: random.int(3, 8) } });
  }
  for (let error = 0; error < session.error_logs; error += 1) {
    const stack = `${failing.message}\n    at ${origin}/assets/app.js:${random.int(40, 900)}:${random.int(5, 60)}`;
    events.push({ kind: EVENT_KIND.jsError, at: within(), data: { message: failing.message, stack } });
  }
  for (let error = 0; error < session.net_errors; error += 1) {
    events.push({
      kind: EVENT_KIND.networkError,
      at: within(),
      data: {
        url: `${origin}${failing.request}`,
        method: 'POST',
        status: random.pick([500, 502, 503]),
        duration: random.int(40, 3000),
      },
    });
  }
  events.push({ kind: EVENT_KIND.sessionEnd, at: durationMs, data: { url: session.end_url } });
  return events.sort((a, b) => a.at - b.at);
}

/** Active time as ingest counts it: the gaps between consecutive events up to `ACTIVE_GAP_MS` long. */
function activeMillis(events: readonly DemoEvent[]): number {
  let active = 0;
  for (let index = 1; index < events.length; index += 1) {
    const gap = (events[index]?.at ?? 0) - (events[index - 1]?.at ?? 0);
    if (gap <= ACTIVE_GAP_MS) active += gap;
  }
  return active;
}

/** Sessions read and written at a time; a few hundred events a statement stay within either database's limits. */
const SESSIONS_A_BATCH = 500;
const EVENTS_A_STATEMENT = 500;

/**
 * Writes the events of the account's sessions that started within its retention period and have none
 * (the demo's replays bring their own), so a demo session's timeline shows what its counters count. The
 * older sessions keep their counters alone, as the retention job leaves real ones. Returns how many
 * events were written.
 */
export async function writeDemoEvents(db: Db, accountId: string, now = new Date()): Promise<number> {
  const since = Math.floor((now.getTime() - (await retentionDaysFor(db, accountId)) * DAY_MS) / 1000);
  const sessions = await db
    .selectFrom('sessions')
    .select([
      'id',
      'creation_timestamp',
      'duration',
      'start_url',
      'end_url',
      'referrer',
      'page_views',
      'clicks',
      'error_clicks',
      'rage_clicks',
      'error_logs',
      'net_errors',
    ])
    .where('account_id', '=', accountId)
    .where('creation_timestamp', '>=', since)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('session_events')
            .select('session_events.id')
            .whereRef('session_events.account_id', '=', 'sessions.account_id')
            .whereRef('session_events.session_id', '=', 'sessions.id'),
        ),
      ),
    )
    .orderBy('creation_timestamp')
    .execute();
  let written = 0;
  // One transaction: a commit per statement would cost the demo more than writing its events.
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < sessions.length; start += SESSIONS_A_BATCH) {
      const batch = sessions.slice(start, start + SESSIONS_A_BATCH);
      const pageRows = await trx
        .selectFrom('session_pages')
        .select(['session_id', 'url'])
        .where('account_id', '=', accountId)
        .where(
          'session_id',
          'in',
          batch.map((session) => session.id),
        )
        .orderBy('session_id')
        .orderBy('url')
        .execute();
      const pagesOf = new Map<string, string[]>();
      for (const row of pageRows) pagesOf.set(row.session_id, [...(pagesOf.get(row.session_id) ?? []), row.url]);
      const activeTimes = new Map<string, number>();
      const rows = batch.flatMap((session) => {
        // Seeded by the session's start, so a demo made again from the same plan has the same events.
        const random = new Random(session.creation_timestamp ^ session.duration);
        const events = demoSessionEvents(session, pagesOf.get(session.id) ?? [], random);
        activeTimes.set(session.id, Math.min(session.duration, Math.round(activeMillis(events) / 1000)));
        return events.map((event) => ({
          account_id: accountId,
          id: newId('evt'),
          session_id: session.id,
          kind: event.kind,
          occurred_at: session.creation_timestamp * 1000 + event.at,
          data: JSON.stringify(event.data),
        }));
      });
      // The summary then says what the timeline shows: the active time its events' gaps make (as ingest
      // counts it), and the last event at the session's end.
      const cases = sql.join(
        [...activeTimes].map(([id, seconds]) => sql`when ${id} then ${sql.lit(seconds)}`),
        sql` `,
      );
      await sql`update sessions set active_time = case id ${cases} end, last_event_timestamp = end_timestamp
        where account_id = ${accountId} and id in (${sql.join([...activeTimes.keys()])})`.execute(trx);
      for (let from = 0; from < rows.length; from += EVENTS_A_STATEMENT) {
        await trx
          .insertInto('session_events')
          .values(rows.slice(from, from + EVENTS_A_STATEMENT))
          .execute();
      }
      written += rows.length;
    }
  });
  return written;
}
