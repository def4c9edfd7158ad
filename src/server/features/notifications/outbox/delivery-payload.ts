/**
 * The JSON body of a delivery. It is built once, when the message is enqueued, and stored as text:
 * every attempt sends (and signs) exactly the same bytes.
 */
import { type AlertEventName, alertEventName, isAlertEventKind } from '../../../../api/event-catalogue.ts';
import type {
  DeliveryBodyValue,
  DeliveryEventValue,
  DeliveryVisitorValue,
} from '../../../../api/schemas/webhook-payload.ts';

export type EventName = AlertEventName;

export type VisitorParam = DeliveryVisitorValue['params'][number];
export type DeliveryVisitor = DeliveryVisitorValue;

/** What happened: the standard fields, then the event's own details (message, url, status, click_count, name, properties…). */
export type DeliveryEvent = DeliveryEventValue;

/** Typed by the schema the OpenAPI document's `webhooks` section is emitted from (`src/api/schemas/webhook-payload.ts`). */
export type DeliveryBody = DeliveryBodyValue;

/** The flood-control fields of a body: none, or the count and since of the matches folded in. */
export function foldedFields(
  folded: { count: number; since: number } | null,
): Pick<DeliveryBody, 'suppressed_count' | 'suppressed_since'> {
  return folded ? { suppressed_count: folded.count, suppressed_since: Math.floor(folded.since / 1000) } : {};
}

/** The threshold fields of a body: none, or how many matches within the window made this one fire. */
export function thresholdFields(
  threshold: { matches: number; windowMinutes: number } | null,
): Pick<DeliveryBody, 'threshold_matches' | 'threshold_window_minutes'> {
  return threshold ? { threshold_matches: threshold.matches, threshold_window_minutes: threshold.windowMinutes } : {};
}

const STANDARD_EVENT_FIELDS = new Set(['event_name', 'time', 'session_id', 'session_url', 'visitor']);

/** The delivery name of an event kind; throws on a kind alerts cannot fire on (a bug in the caller). */
export function eventNameOf(kind: number): EventName {
  if (!isAlertEventKind(kind)) throw new Error(`Event kind ${kind} is not one alerts fire on`);
  return alertEventName(kind);
}

/**
 * Link to the session in this product's own dashboard (the same form as the sessions API's `session_url`);
 * with `atSecond` (seconds from the session's start), the replay opens at that moment.
 */
export function sessionUrl(publicUrl: string, sessionId: string, atSecond?: number): string {
  const base = `${publicUrl}/sessions/${encodeURIComponent(sessionId)}`;
  return atSecond === undefined ? base : `${base}?t=${Math.max(0, Math.floor(atSecond))}`;
}

/** The event's details, minus any key that would overwrite a standard field. */
export function eventDetails(details: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([key]) => !STANDARD_EVENT_FIELDS.has(key)));
}

/**
 * The same details under the names the hosted service's receivers read, beside ours: JSError `value`
 * (the message) and `count`, RageClick `clicks`, ErrorClick `message`, NetError `method`, `url`, `status`.
 */
export function hostedEventFields(kind: number, details: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const integer = (value: unknown, fallback: number) => (Number.isInteger(value) ? (value as number) : fallback);
  switch (eventNameOf(kind)) {
    case 'JSError':
      return { value: text(details.message), count: 1 };
    case 'RageClick':
      return { clicks: integer(details.click_count, 0) };
    case 'ErrorClick':
      return { message: text(details.message) };
    case 'NetError':
      return { method: text(details.method), url: text(details.url), status: integer(details.status, 0) };
    default:
      return {};
  }
}

export function parseDeliveryBody(text: string): DeliveryBody {
  return JSON.parse(text) as DeliveryBody;
}
