import type { EventKind } from '../../../api/event-catalogue.ts';
import type { IngestBatchInput } from '../../../api/schemas/ingest.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { nameWordKeys } from '../../lib/name-key.ts';
import { type Notified, notifyMatchingAlerts } from '../notifications/notify-matching-alerts.ts';
import { truncatesIps } from '../accounts/account-settings.service.ts';
import type { SessionsTable, VisitorsTable } from '../sessions/sessions.table.ts';
import type { WebsitesTable } from '../websites/websites.table.ts';
import { type BatchSummary, summariseBatch } from './batch-summary.ts';
import { isCrawler } from './bot-filter.ts';
import { checkBatchEvents } from './event-rules.ts';
import type { Geolocation } from './geolocation.ts';
import {
  deleteVisitorNameWords,
  findSessionForUpdate,
  findVisitorForUpdate,
  insertSessionEvents,
  insertSessionIfAbsent,
  insertVisitorIfAbsent,
  insertVisitorNameWords,
  recordBatch,
  sessionActiveMillis,
  updateSessionRow,
  updateVisitorRow,
  visitorHasOtherSession,
} from './ingest.repository.ts';
import { truncateIp } from './ip-truncation.ts';
import { retentionDaysFor } from '../retention/retention.service.ts';
import { type RecordedEvent, detailsOf } from './recorded-event.ts';
import { mergeBatchIntoSession, newSessionRow, newVisitorRow, updateVisitor } from './session-state.ts';
import { parseUserAgent } from './user-agent.ts';

/** What the HTTP request tells about the visitor besides the batch itself. */
export interface IngestRequestContext {
  ip: string;
  userAgent: string | undefined;
  geolocation: Geolocation;
  /** Unix milliseconds, server clock. */
  receivedAt: number;
}

export interface IngestOutcome {
  accepted: number;
  duplicate: boolean;
}

/**
 * Moves event times onto the server's clock (the shift between `sent_at` and the arrival time also
 * absorbs a visitor's wrong clock) and gives each event its id.
 */
function recordEvents(batch: IngestBatchInput, receivedAt: number): RecordedEvent[] {
  const shift = receivedAt - batch.sent_at;
  return batch.events.map((event) => ({
    id: newId('evt'),
    kind: event.kind as EventKind,
    occurredAt: event.time + shift,
    details: detailsOf(event),
  }));
}

async function upsertSession(
  trx: Db,
  website: WebsitesTable,
  batch: IngestBatchInput,
  summary: BatchSummary,
  context: IngestRequestContext,
  visitorCreated: boolean,
): Promise<SessionsTable> {
  const accountId = website.account_id;
  const firstSession =
    visitorCreated || !(await visitorHasOtherSession(trx, accountId, batch.visitor_id, batch.session_id));
  await insertSessionIfAbsent(
    trx,
    newSessionRow(
      {
        accountId,
        websiteId: website.id,
        visitorId: batch.visitor_id,
        sessionId: batch.session_id,
        ip: context.ip,
        geolocation: context.geolocation,
        client: parseUserAgent(context.userAgent, batch.client_hints),
        screen: batch.screen,
        visitorFirstSession: firstSession,
        retentionSeconds: (await retentionDaysFor(trx, accountId)) * 86_400,
      },
      summary,
    ),
  );
  const stored = await findSessionForUpdate(trx, accountId, batch.session_id);
  if (stored.website_id !== website.id || stored.visitor_id !== batch.visitor_id) {
    throw errors.conflict(
      'session_conflict',
      'session_id names a session of another website or visitor; start a new session',
    );
  }
  return stored;
}

/**
 * Keeps the words of the visitor's name that its key columns leave out (`nameWordKeys`) as its new name
 * has them, when the name changed: the people search finds a name of five words or more by any of them, and
 * a surname with particles typed without its spaces.
 */
async function keepNameWords(db: Db, stored: VisitorsTable, name: string | null): Promise<void> {
  if (name === stored.name) return;
  const before = nameWordKeys(stored.name);
  const after = nameWordKeys(name);
  await deleteVisitorNameWords(
    db,
    stored.account_id,
    stored.id,
    before.filter((word) => !after.includes(word)),
  );
  await insertVisitorNameWords(
    db,
    after
      .filter((word) => !before.includes(word))
      .map((word) => ({ account_id: stored.account_id, word_key: word, visitor_id: stored.id })),
  );
}

/**
 * Records one batch from the tracker, all in one transaction: the batch id (a repeat changes nothing),
 * the visitor, the session and its statistics, the events, and one outbox message per alert an event
 * matches, so an accepted event and its deliveries are durable together. A batch from a known bot is
 * checked like any other, then answered with nothing recorded.
 */
export async function ingestBatch(
  db: Db,
  website: WebsitesTable,
  batch: IngestBatchInput,
  context: IngestRequestContext,
  options: { publicUrl: string },
): Promise<IngestOutcome> {
  checkBatchEvents(batch);
  // Crawlers that run the tracker are not visitors: nothing of theirs is kept.
  if (isCrawler(context.userAgent)) return { accepted: 0, duplicate: false };
  const accountId = website.account_id;
  // The location was found from the full address; only what is stored is truncated.
  const origin = (await truncatesIps(db, accountId)) ? { ...context, ip: truncateIp(context.ip) } : context;
  const events = recordEvents(batch, context.receivedAt);
  const summary = summariseBatch(events);

  const outcome = await db.transaction().execute(async (trx) => {
    const fresh = await recordBatch(trx, {
      account_id: accountId,
      website_id: website.id,
      batch_id: batch.batch_id,
      received_at: context.receivedAt,
    });
    if (!fresh) return { accepted: 0, duplicate: true, notified: null as Notified | null };

    const visitorCreated = await insertVisitorIfAbsent(
      trx,
      newVisitorRow(accountId, batch.visitor_id, Math.floor(summary.firstAt / 1000)),
    );
    const storedVisitor = await findVisitorForUpdate(trx, accountId, batch.visitor_id);
    const storedSession = await upsertSession(trx, website, batch, summary, origin, visitorCreated);

    await insertSessionEvents(
      trx,
      events.map((event) => ({
        account_id: accountId,
        id: event.id,
        session_id: batch.session_id,
        kind: event.kind,
        occurred_at: event.occurredAt,
        data: JSON.stringify(event.details),
      })),
    );
    const activeMillis = await sessionActiveMillis(trx, accountId, batch.session_id);
    const session = mergeBatchIntoSession(storedSession, summary, activeMillis, batch.screen);
    await updateSessionRow(trx, session);
    const visitor = updateVisitor(storedVisitor, session.creation_timestamp, summary.identity);
    await updateVisitorRow(trx, visitor);
    await keepNameWords(trx, storedVisitor, visitor.name);

    const notified = await notifyMatchingAlerts(trx, {
      accountId,
      website,
      publicUrl: options.publicUrl,
      session,
      visitor,
      events,
      now: context.receivedAt,
    });
    return { accepted: events.length, duplicate: false, notified };
  });
  outcome.notified?.afterCommit();
  return { accepted: outcome.accepted, duplicate: outcome.duplicate };
}
