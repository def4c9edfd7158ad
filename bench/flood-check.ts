/**
 * What the flood bench expects, on plain values: how many messages an alert's quiet period allows
 * for matches arriving at given times, and whether what the receiver got accounts for every match.
 */
import type { FloodMessage } from './flood-receiver.ts';

/**
 * Messages the quiet period allows for matches at `arrivals` (Unix ms, the server's clock): the first
 * at once, then one per period (the next match after it, or a summary when the period ends with matches
 * held back), and a last summary when the flood ends inside a period. Summaries are assumed sent the
 * moment they are due.
 */
export function allowedMessages(arrivals: readonly number[], periodMs: number): number {
  let messages = 0;
  let notifiedAt: number | null = null;
  let held = 0;
  for (const at of [...arrivals].sort((a, b) => a - b)) {
    if (notifiedAt !== null && held > 0 && at >= notifiedAt + periodMs) {
      messages += 1; // the summary, due before this match
      notifiedAt += periodMs;
      held = 0;
    }
    if (notifiedAt === null || at >= notifiedAt + periodMs) {
      messages += 1;
      notifiedAt = at;
    } else held += 1;
  }
  return held > 0 ? messages + 1 : messages;
}

export interface FloodOutcome {
  /** Matching events the server took, counted from the ingest answers. */
  acceptedMatches: number;
  /** Matching events stored, counted in the database. */
  storedMatches: number;
  messages: readonly FloodMessage[];
  /** Messages the outbox holds for the alert, and how many of them are delivered. */
  outboxMessages: number;
  outboxDelivered: number;
  /** Matches the alert still holds back (0 once its last summary is written). */
  stillHeld: number;
  allowed: number;
  /** Gaps between consecutive messages (their outbox creation times), ms. */
  gapsMs: readonly number[];
  periodMs: number;
  unverified: number;
  /** From the first batch taken to the first message received, and to the last batch taken; ms. */
  firstMessageMs: number | null;
  floodMs: number;
}

/** "At once" for the first message: the batch's commit, a poll of the worker and one request, with room for a loaded machine. */
const AT_ONCE_MS = 5_000;

/** One verdict line per check: `pass` or `FAIL`, with the numbers. */
export function floodVerdicts(outcome: FloodOutcome): string[] {
  const verdict = (pass: boolean, text: string) => `${pass ? 'pass' : 'FAIL'}  ${text}`;
  const represented = outcome.messages.reduce((sum, message) => sum + 1 + message.suppressedCount, 0);
  const shortest = outcome.gapsMs.length > 0 ? Math.min(...outcome.gapsMs) : null;
  return [
    verdict(
      outcome.floodMs <= 60_000,
      `every matching event taken within a minute (${(outcome.floodMs / 1000).toFixed(1)} s)`,
    ),
    verdict(
      outcome.firstMessageMs !== null && outcome.firstMessageMs <= AT_ONCE_MS,
      `first message at once (${outcome.firstMessageMs === null ? 'none' : `${(outcome.firstMessageMs / 1000).toFixed(1)} s`} after the first batch)`,
    ),
    verdict(
      outcome.storedMatches === outcome.acceptedMatches,
      `stored matching events ${outcome.storedMatches} = accepted ${outcome.acceptedMatches}`,
    ),
    verdict(
      represented === outcome.acceptedMatches && outcome.stillHeld === 0,
      `sum of (1 + suppressed_count) over distinct messages ${represented} = accepted ${outcome.acceptedMatches}` +
        ` (still held back: ${outcome.stillHeld})`,
    ),
    verdict(
      outcome.messages.length === outcome.allowed,
      `distinct messages received ${outcome.messages.length} = allowed by the quiet period ${outcome.allowed}`,
    ),
    verdict(
      shortest === null || shortest >= outcome.periodMs,
      `messages at least one quiet period apart (shortest gap ${shortest === null ? '-' : `${(shortest / 1000).toFixed(1)} s`})`,
    ),
    verdict(
      outcome.outboxDelivered === outcome.outboxMessages && outcome.outboxMessages === outcome.messages.length,
      `outbox: ${outcome.outboxDelivered} of ${outcome.outboxMessages} delivered, all received`,
    ),
    verdict(outcome.unverified === 0, `signatures: ${outcome.unverified} requests failed verification`),
  ];
}
