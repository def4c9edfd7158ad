/**
 * What the flood bench expects, on plain values: how many messages an alert's quiet period allows
 * for matches arriving at given times, and whether what the receiver got accounts for every match.
 */
import type { FloodMessage } from './flood-receiver.ts';

/**
 * The messages the quiet period allows for matches at `arrivals` (Unix ms, the server's clock, which is
 * also when a message sent by a match is created): the first at once, then one per period, either sent
 * by the first match after it or, when the period ended with matches held back, a summary written by
 * the worker's next poll. A summary's time depends on the poll (and on the server being up), so it is
 * taken from `sent`, the creation times of the messages the outbox holds. Returns the times expected:
 * equal to `sent` when every message is one the rule calls for and none is missing.
 */
export function expectedMessages(arrivals: readonly number[], sent: readonly number[], periodMs: number): number[] {
  const expected: number[] = [];
  const summaries = [...sent].sort((a, b) => a - b);
  let notifiedAt: number | null = null;
  let held = 0;
  const summaryBefore = (limit: number) => {
    if (notifiedAt === null || held === 0) return;
    const due = notifiedAt + periodMs;
    const at = summaries.find((time) => time >= due && time < limit);
    if (at === undefined) return;
    expected.push(at);
    notifiedAt = at;
    held = 0;
  };
  for (const at of [...arrivals].sort((a, b) => a - b)) {
    summaryBefore(at);
    if (notifiedAt === null || at >= notifiedAt + periodMs) {
      expected.push(at);
      notifiedAt = at;
    } else held += 1;
  }
  summaryBefore(Number.POSITIVE_INFINITY);
  // A flood ending with matches held back and no summary yet: one message is missing.
  if (held > 0) expected.push(Number.NaN);
  return expected;
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
  /** Outbox creation times of the messages, and those the quiet period calls for (see expectedMessages). */
  sentAt: readonly number[];
  expectedAt: readonly number[];
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
  // Concurrent batches commit in any order, so a message may come from a match a few ms before or after
  // the one the replay by arrival time picks: the count is the rule, the times are reported.
  const drifts = outcome.sentAt.map((at, index) => Math.abs(at - (outcome.expectedAt[index] ?? Number.NaN)));
  const drift = drifts.length > 0 ? Math.max(...drifts) : null;
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
      outcome.messages.length === outcome.expectedAt.length && outcome.sentAt.length === outcome.expectedAt.length,
      `distinct messages received ${outcome.messages.length} = allowed by the quiet period ${outcome.expectedAt.length}` +
        ` (largest difference from the replayed times ${drift === null ? '-' : `${(drift / 1000).toFixed(1)} s`})`,
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
