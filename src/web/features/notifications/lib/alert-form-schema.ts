import { z } from 'zod';
import type { Alert, CreateAlertData } from '../../../../api/client/types.gen.ts';
import { zAlert, zCreateAlertBody } from '../../../../api/client/zod.gen.ts';
import { MAX_EVENTS, eventValueError } from './alert-rules.ts';
import { thresholdErrors, thresholdOf } from './alert-threshold.ts';

/**
 * The contract's create body, with the rules the contract cannot express: the name's length after
 * trimming, each kind's meaning of `value`, and the field that the chosen provider needs. The form
 * keeps both provider fields as strings so switching back and forth loses nothing, and always sends
 * each event's value and the `chat` provider (the API also takes `slack` and a missing value).
 */
export const alertFormSchema = zCreateAlertBody
  .extend({
    name: z.string().trim().min(1, 'Enter a name').max(100, 'Use at most 100 characters'),
    events: z
      .array(zAlert.shape.events.element)
      .min(1, 'Add at least one event')
      .max(MAX_EVENTS, `An alert watches at most ${MAX_EVENTS} events`),
    chat_channel_id: z.string().trim(),
    provider: z.enum(['chat', 'webhooks']),
    webhook_id: z.string(),
    // Kept as typed so that switching the threshold off and on again loses nothing.
    threshold_on: z.boolean(),
    threshold_count: z.string(),
    threshold_window_minutes: z.string(),
  })
  .superRefine((values, ctx) => {
    values.events.forEach((event, index) => {
      const message = eventValueError(event.kind, event.value);
      if (message) ctx.addIssue({ code: 'custom', message, path: ['events', index, 'value'] });
    });
    if (values.provider === 'chat' && values.chat_channel_id === '') {
      ctx.addIssue({ code: 'custom', message: 'Enter the chat channel', path: ['chat_channel_id'] });
    }
    if (values.provider === 'chat' && values.chat_channel_id.length > 80) {
      ctx.addIssue({ code: 'custom', message: 'Use at most 80 characters', path: ['chat_channel_id'] });
    }
    if (values.provider === 'webhooks' && values.webhook_id === '') {
      ctx.addIssue({ code: 'custom', message: 'Choose a webhook', path: ['webhook_id'] });
    }
    for (const [field, message] of Object.entries(thresholdErrors(values))) {
      ctx.addIssue({ code: 'custom', message, path: [field] });
    }
  });

export type AlertFormInput = z.input<typeof alertFormSchema>;
export type AlertFormValues = z.output<typeof alertFormSchema>;

/** The fields of the form a server error's `param` may name. */
export const ALERT_FORM_FIELDS = [
  'name',
  'events',
  'provider',
  'chat_channel_id',
  'webhook_id',
  'threshold_count',
  'threshold_window_minutes',
] as const;

/** A new row watches JavaScript errors, the kind people most often start from. */
export function newEventRow(): AlertFormInput['events'][number] {
  return { kind: 25, value: '' };
}

export function alertFormDefaults(alert?: Alert): AlertFormInput {
  const threshold = {
    threshold_on: alert?.threshold_count != null,
    threshold_count: String(alert?.threshold_count ?? 5),
    threshold_window_minutes: String(alert?.threshold_window_minutes ?? 10),
  };
  if (!alert)
    return { name: '', events: [newEventRow()], provider: 'chat', chat_channel_id: '', webhook_id: '', ...threshold };
  return {
    name: alert.name,
    events: alert.events.map((event) => ({ ...event })),
    provider: alert.provider,
    chat_channel_id: alert.chat_channel_id ?? '',
    webhook_id: alert.webhook_id ?? '',
    ...threshold,
  };
}

/**
 * The request body for both create and update (update takes the same fields, so the whole rule is
 * sent). The threshold is sent when set, and as nulls when `hadThreshold` and it was switched off.
 */
export function toAlertBody(values: AlertFormValues, hadThreshold = false): CreateAlertData['body'] {
  const chat = values.provider === 'chat';
  return {
    name: values.name,
    events: values.events.map((event) => ({ kind: event.kind, value: event.value })),
    provider: values.provider,
    chat_channel_id: chat ? values.chat_channel_id : null,
    webhook_id: chat ? null : values.webhook_id,
    ...(values.threshold_on || hadThreshold ? thresholdOf(values) : {}),
  };
}
