/** The short chat message of an alert: alert name, event, visitor and a link to the session. */
import { TRUNCATION } from '../../../../api/event-catalogue.ts';
import type { DeliveryBody } from '../outbox/delivery-payload.ts';

export interface ChatMessage {
  channel: string;
  text: string;
  blocks: unknown[];
}

/** Slack mrkdwn treats these three as control characters. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function visitorLabel(visitor: DeliveryBody['payload']['visitor']): string {
  const parts = [visitor.name, visitor.email ? `<${visitor.email}>` : null].filter((part): part is string =>
    Boolean(part),
  );
  return parts.length > 0 ? `${parts.join(' ')} (${visitor.id})` : `visitor ${visitor.id}`;
}

/** The first of the event's own details that says what happened, if any. */
function eventSummary(event: DeliveryBody['payload']): string | null {
  for (const key of ['message', 'name', 'url', 'text', 'selector'] as const) {
    const value = event[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, TRUNCATION.chatSummary);
  }
  return null;
}

/** " and 143 more since 12:04 UTC" when the alert's quiet period folded matches into this message. */
function foldedNote(body: DeliveryBody): string {
  if (!body.suppressed_count || body.suppressed_since === undefined) return '';
  const since = new Date(body.suppressed_since * 1000).toISOString().slice(11, 16);
  return ` and ${body.suppressed_count} more since ${since} UTC`;
}

/** ", 5 matches within 10 minutes" when the alert's threshold made this match fire. */
function thresholdNote(body: DeliveryBody): string {
  if (!body.threshold_matches || !body.threshold_window_minutes) return '';
  const minutes = body.threshold_window_minutes === 1 ? '1 minute' : `${body.threshold_window_minutes} minutes`;
  return `, ${body.threshold_matches} matches within ${minutes}`;
}

export function chatMessage(channel: string, body: DeliveryBody): ChatMessage {
  const event = body.payload;
  const summary = eventSummary(event);
  const prefix = body.test ? '[Test] ' : '';
  const headline = `${prefix}${body.alert.name}: ${event.event_name}${summary ? ` (${summary})` : ''}${thresholdNote(body)}${foldedNote(body)}`;
  const visitor = visitorLabel(event.visitor);
  const text = `${headline} by ${visitor}. Session: ${event.session_url}`;
  const mrkdwn = `*${escape(headline)}*\nVisitor: ${escape(visitor)}\n<${event.session_url}|Open the session>`;
  return {
    channel,
    text,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: mrkdwn } }],
  };
}
