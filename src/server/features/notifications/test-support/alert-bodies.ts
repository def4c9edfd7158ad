/** What alert bodies and answers hold: the Alert's fields, its events, and the rules every body must obey. */
import type { BadBodyCase } from '../../../test/refused-bodies.ts';

export const ALERT_FIELDS = [
  'threshold_count',
  'threshold_window_minutes',
  'snoozed_until',
  'quiet_period_minutes',
  'suppressed_count',
  'suppressed_since',
  'alert_id',
  'name',
  'events',
  'provider',
  'chat_channel_id',
  'webhook_id',
  'enabled',
  'creation_date',
  // Additions for delivery (decisions.md §8).
  'last_fired_at',
  'flagged_reason',
  'target_healthy',
  // The channel under the hosted service's name.
  'slack_channel_id',
];

export const event = (kind: number, value = '') => ({ kind, value });

/** `count` valid events, the last one replaced by `last` when given. */
export const events = (count: number, last?: unknown) => [
  ...Array.from({ length: count - 1 }, (_, i) => event(5, `button ${i}`)),
  last ?? event(5, 'last'),
];

/** Rules every alert body (create or update) must pass, stated as fields to send and the param at fault. */
export const alertFieldRuleCases: BadBodyCase[] = [
  { name: 'an empty name', body: { name: '' }, param: 'name' },
  { name: 'a blank name', body: { name: '   \t ' }, param: 'name' },
  { name: 'a name of 101 characters', body: { name: 'n'.repeat(101) }, param: 'name' },
  { name: 'no events', body: { events: [] }, param: 'events' },
  { name: '21 events', body: { events: events(21) }, param: 'events' },
  ...[0, 1, 7, 22, 31, -5, 1000].map((kind) => ({
    name: `event kind ${kind}`,
    body: { events: events(2, event(kind)) },
    param: 'events.1.kind',
  })),
  { name: 'a fractional kind', body: { events: [event(5.5)] }, param: 'events.0.kind' },
  { name: 'a value of 257 characters', body: { events: [event(5, 'v'.repeat(257))] }, param: 'events.0.value' },
  ...['2', '101', 'abc', '', ' ', '3.5', '-5', '1e2', '0x10', '1000'].map((value) => ({
    name: `rage click value ${JSON.stringify(value)}`,
    body: { events: events(3, event(21, value)) },
    param: 'events.2.value',
  })),
  { name: 'an unknown provider', body: { provider: 'email' }, param: 'provider' },
  { name: 'an empty chat_channel_id', body: { chat_channel_id: '' }, param: 'chat_channel_id' },
  {
    name: 'a chat_channel_id of 82 characters',
    body: { chat_channel_id: `#${'c'.repeat(81)}` },
    param: 'chat_channel_id',
  },
  // JSON types: bodies are not coerced.
  { name: 'a numeric name', body: { name: 5 }, param: 'name' },
  { name: 'events as a string', body: { events: 'x' }, param: 'events' },
  { name: 'an event as a string', body: { events: ['x'] }, param: 'events.0' },
  { name: 'a kind sent as a string', body: { events: [{ kind: '5', value: '' }] }, param: 'events.0.kind' },
  { name: 'a numeric value', body: { events: [{ kind: 21, value: 5 }] }, param: 'events.0.value' },
  { name: 'a numeric provider', body: { provider: 1 }, param: 'provider' },
  { name: 'a numeric chat_channel_id', body: { chat_channel_id: 5 }, param: 'chat_channel_id' },
  { name: 'an event without kind', body: { events: [{ value: 'x' }] }, param: 'events.0.kind', code: 'required' },
  // Unknown fields, at the top and nested.
  { name: 'an unknown field', body: { colour: 'red' }, param: 'colour', code: 'unknown_parameter' },
  {
    name: 'an unknown event field',
    body: { events: [{ kind: 5, value: '', extra: 1 }] },
    param: 'events.0.extra',
    code: 'unknown_parameter',
  },
  { name: 'a returned-only field', body: { alert_id: 'alr_x' }, param: 'alert_id', code: 'unknown_parameter' },
];
