import { describe, expect, it } from 'vitest';
import type { Webhook } from '../../../../api/client/types.gen.ts';
import {
  EVENT_KINDS,
  describeAlert,
  describeEvents,
  describeTarget,
  eventKindMeta,
  eventValueError,
} from './alert-rules.ts';

const webhook: Webhook = {
  webhook_id: 'wh_1',
  url: 'https://hooks.example.com/x',
  website: 'Shop',
  website_id: 'web_1',
  version: 'v1.0',
  enabled: true,
  created_date: 1_700_000_000,
  created_by: 'admin@example.com',
  failing_since: null,
  disabled_reason: null,
};

describe('event kind metadata', () => {
  it('covers the nine kinds of the contract, each with its own name', () => {
    expect(EVENT_KINDS.map((meta) => meta.kind)).toEqual([5, 6, 20, 21, 24, 25, 26, 29, 30]);
    expect(new Set(EVENT_KINDS.map((meta) => meta.label)).size).toBe(9);
  });

  it('labels the value by what it means for the kind', () => {
    expect(eventKindMeta(21).valueLabel).toBe('Minimum rapid clicks');
    expect(eventKindMeta(26).valueLabel).toBe('Event name');
    expect(eventKindMeta(5).valueLabel).toBe('Text or CSS selector (optional)');
    expect(eventKindMeta(25).valueLabel).toBe('Message contains (optional)');
    expect(eventKindMeta(30).valueLabel).toBe('URL contains (optional)');
  });
});

describe('eventValueError', () => {
  it.each(['3', '5', '100', ' 7 '])('accepts %j clicks for a rage click', (value) => {
    expect(eventValueError(21, value)).toBeUndefined();
  });

  it.each(['', '2', '101', 'abc', '4.5', '-5', '1e2'])('refuses %j clicks for a rage click', (value) => {
    expect(eventValueError(21, value)).toBe('Enter a whole number from 3 to 100');
  });

  it('requires a custom event name, but lets fragments be empty', () => {
    expect(eventValueError(26, '  ')).toBe("Enter the custom event's name");
    expect(eventValueError(26, 'signup')).toBeUndefined();
    for (const kind of [5, 6, 20, 24, 25, 29, 30] as const) expect(eventValueError(kind, '')).toBeUndefined();
  });
});

describe('describeEvents', () => {
  it('joins the events into one sentence with "or"', () => {
    expect(
      describeEvents([
        { kind: 21, value: '5' },
        { kind: 25, value: 'checkout' },
      ]),
    ).toBe("Rage click of 5+ clicks or JavaScript error containing 'checkout'");
  });

  it('says "any" for an empty fragment', () => {
    expect(
      describeEvents([
        { kind: 5, value: '' },
        { kind: 30, value: '' },
      ]),
    ).toBe('Any click or any network error');
  });

  it('describes every kind with a value', () => {
    const sentences = EVENT_KINDS.map((meta) => describeEvents([{ kind: meta.kind, value: '9' }]));
    expect(sentences).toEqual([
      "Click on '9'",
      "Double click on '9'",
      "Error click with an error containing '9'",
      'Rage click of 9+ clicks',
      "Console log containing '9'",
      "JavaScript error containing '9'",
      "Custom event '9'",
      "Network request to a URL containing '9'",
      "Network error on a URL containing '9'",
    ]);
  });
});

describe('describeTarget and describeAlert', () => {
  it('shows a chat channel with one #', () => {
    expect(describeTarget({ provider: 'chat', chat_channel_id: 'support', webhook_id: null })).toBe('chat #support');
    expect(describeTarget({ provider: 'chat', chat_channel_id: '#ops', webhook_id: null })).toBe('chat #ops');
  });

  it('shows a webhook by its URL, or by its id while the URL is unknown', () => {
    const alert = { provider: 'webhooks', chat_channel_id: null, webhook_id: 'wh_1' } as const;
    expect(describeTarget(alert, [webhook])).toBe('webhook https://hooks.example.com/x');
    expect(describeTarget(alert)).toBe('webhook wh_1');
  });

  it('builds the whole rule', () => {
    expect(
      describeAlert(
        { events: [{ kind: 26, value: 'signup' }], provider: 'webhooks', chat_channel_id: null, webhook_id: 'wh_1' },
        [webhook],
      ),
    ).toBe("Custom event 'signup' → webhook https://hooks.example.com/x");
  });
});
