import { describe, expect, it } from 'vitest';
import {
  alertFormDefaults,
  alertFormSchema,
  newEventRow,
  toAlertBody,
  type AlertFormInput,
} from './alert-form-schema.ts';

const valid: AlertFormInput = {
  name: '  Checkout trouble ',
  events: [{ kind: 21, value: '5' }],
  provider: 'chat',
  chat_channel_id: 'support',
  webhook_id: '',
  threshold_on: false,
  threshold_count: '5',
  threshold_window_minutes: '10',
};

function issuesOf(input: AlertFormInput) {
  const result = alertFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('alertFormSchema', () => {
  it('accepts a valid alert and trims its name', () => {
    expect(alertFormSchema.parse(valid).name).toBe('Checkout trouble');
  });

  it('refuses a blank or over-long name', () => {
    expect(issuesOf({ ...valid, name: '   ' })).toEqual({ name: 'Enter a name' });
    expect(issuesOf({ ...valid, name: 'x'.repeat(101) })).toEqual({ name: 'Use at most 100 characters' });
  });

  it('puts per-kind errors on the row value', () => {
    expect(
      issuesOf({
        ...valid,
        events: [
          { kind: 25, value: '' },
          { kind: 21, value: '2' },
          { kind: 26, value: '' },
        ],
      }),
    ).toEqual({
      'events.1.value': 'Enter a whole number from 3 to 100',
      'events.2.value': "Enter the custom event's name",
    });
  });

  it('takes 1 to 20 events', () => {
    expect(issuesOf({ ...valid, events: [] })).toEqual({ events: 'Add at least one event' });
    expect(issuesOf({ ...valid, events: Array.from({ length: 20 }, newEventRow) })).toEqual({});
    expect(issuesOf({ ...valid, events: Array.from({ length: 21 }, newEventRow) })).toEqual({
      events: 'An alert watches at most 20 events',
    });
  });

  it('requires the field of the chosen provider only', () => {
    expect(issuesOf({ ...valid, chat_channel_id: ' ' })).toEqual({ chat_channel_id: 'Enter the chat channel' });
    expect(issuesOf({ ...valid, provider: 'webhooks' })).toEqual({ webhook_id: 'Choose a webhook' });
    expect(issuesOf({ ...valid, provider: 'webhooks', chat_channel_id: '', webhook_id: 'wh_1' })).toEqual({});
  });
});

describe('toAlertBody', () => {
  it('sends the chosen provider field and nulls the other', () => {
    const values = alertFormSchema.parse({ ...valid, webhook_id: 'wh_1' });
    expect(toAlertBody(values)).toEqual({
      name: 'Checkout trouble',
      events: [{ kind: 21, value: '5' }],
      provider: 'chat',
      chat_channel_id: 'support',
      webhook_id: null,
    });
    expect(toAlertBody({ ...values, provider: 'webhooks' })).toMatchObject({
      chat_channel_id: null,
      webhook_id: 'wh_1',
    });
  });
});

describe('alertFormDefaults', () => {
  it('starts a new alert with one event for chat', () => {
    expect(alertFormDefaults()).toEqual({
      name: '',
      events: [{ kind: 25, value: '' }],
      provider: 'chat',
      chat_channel_id: '',
      webhook_id: '',
      threshold_on: false,
      threshold_count: '5',
      threshold_window_minutes: '10',
    });
  });

  it('fills the form from an existing alert', () => {
    expect(
      alertFormDefaults({
        alert_id: 'alr_1',
        name: 'A',
        events: [{ kind: 5, value: '#buy' }],
        provider: 'webhooks',
        chat_channel_id: null,
        webhook_id: 'wh_1',
        enabled: true,
        creation_date: '2025-03-01T10:00:00.000Z',
      }),
    ).toEqual({
      name: 'A',
      events: [{ kind: 5, value: '#buy' }],
      provider: 'webhooks',
      chat_channel_id: '',
      webhook_id: 'wh_1',
      threshold_on: false,
      threshold_count: '5',
      threshold_window_minutes: '10',
    });
  });
});
