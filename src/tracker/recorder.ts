import type { IngestEventInput } from '../api/schemas/ingest.ts';
import { KIND, LIMITS, PER_PAGE_CAPS } from './contract.ts';
import { SESSION_IDLE_MS, createSessionIds } from './session-ids.ts';
import { clip } from './text.ts';
import { type TransportOptions, sendEvents } from './transport.ts';

export type EventFields = Omit<IngestEventInput, 'kind' | 'time'>;

/** The last click, for telling error clicks (a click followed by an error within a second). */
export interface LastClick {
  time: number;
  selector: string;
  text: string;
  reported: boolean;
}

/** What the capture modules share: recording an event, per-page budgets, the page's URL. */
export interface Recorder {
  record(kind: number, fields?: EventFields): void;
  /** Counts one event of `kind` against its per-page budget; false once the budget is spent. */
  allowed(kind: number): boolean;
  pageUrl(): string;
  flush(): void;
  /** Time of the last event recorded (Unix ms), 0 before any. */
  lastEventAt(): number;
  lastClick: LastClick | null;
  endpoint: string;
}

const FLUSH_AT_EVENTS = 50;

const BUDGETS: Record<number, number | undefined> = PER_PAGE_CAPS;

/**
 * The queue of one page: events go into the current session's batch; a new session (first event, or
 * after 30 idle minutes) sends what was queued first and opens with a session start and a page view.
 * Returns null when storage is unavailable.
 */
export function createRecorder(win: Window & typeof globalThis, transport: TransportOptions): Recorder | null {
  let ids: ReturnType<typeof createSessionIds>;
  try {
    ids = createSessionIds(win.localStorage, win.sessionStorage, Date.now);
  } catch {
    // Reading window.localStorage itself throws where storage is blocked.
    return null;
  }
  if (!ids) return null;
  const sessionIds = ids;
  let queue: IngestEventInput[] = [];
  let queueIds: { visitorId: string; sessionId: string } | null = null;
  let firstSession = true;
  let lastAt = 0;
  const used: Record<number, number> = {};

  const pageUrl = () => clip(win.location.href, LIMITS.url);

  function flush(): void {
    if (queue.length > 0 && queueIds) sendEvents(transport, queueIds, queue, Date.now());
    queue = [];
  }

  function record(kind: number, fields: EventFields = {}): void {
    const current = sessionIds.touch();
    if (queueIds && queueIds.sessionId !== current.sessionId) flush();
    queueIds = current;
    const time = Date.now();
    if (current.started) {
      queue.push({
        kind: KIND.sessionStart,
        time,
        url: pageUrl(),
        referrer: firstSession ? clip(win.document.referrer, LIMITS.url) : '',
      });
      if (kind !== KIND.pageView) queue.push({ kind: KIND.pageView, time, url: pageUrl() });
    }
    firstSession = false;
    lastAt = time;
    queue.push({ kind, time, ...fields });
    if (queue.length >= FLUSH_AT_EVENTS) flush();
  }

  function allowed(kind: number): boolean {
    used[kind] = (used[kind] ?? 0) + 1;
    return used[kind] <= (BUDGETS[kind] ?? Infinity);
  }

  return { record, allowed, pageUrl, flush, lastEventAt: () => lastAt, lastClick: null, endpoint: transport.endpoint };
}

/** Whether the session is still alive, so leaving the page should be recorded as its end. */
export function sessionIsLive(recorder: Recorder, now: number): boolean {
  return recorder.lastEventAt() > 0 && now - recorder.lastEventAt() <= SESSION_IDLE_MS;
}
