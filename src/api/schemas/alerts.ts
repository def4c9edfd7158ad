import { Type, type Static } from 'typebox';
import { ALERT_EVENT_KINDS, ALERT_LIMITS, ALERT_THRESHOLD, RAGE_CLICK } from '../event-catalogue.ts';

export const ALERT_PROVIDERS = ['chat', 'webhooks'] as const;
/** Requests may also name the chat provider `slack`, as clients of the hosted service do. */
export const ALERT_PROVIDER_INPUTS = [...ALERT_PROVIDERS, 'slack'] as const;
/** The rage-click threshold an event without a value gets. */
export const DEFAULT_RAGE_CLICK_THRESHOLD = String(RAGE_CLICK.minClicks);

const kindDescription =
  '5 click, 6 double click, 20 error click, 21 rage click, 24 console log, 25 JavaScript error, 26 custom event, 29 network request, 30 network error.';

export const AlertEvent = Type.Object(
  {
    kind: Type.Integer({ enum: ALERT_EVENT_KINDS, description: kindDescription }),
    value: Type.String({
      maxLength: ALERT_LIMITS.valueLength,
      description: `Fragment to match; empty matches any event of the kind. For rage clicks (21), the minimum click count, ${RAGE_CLICK.minClicks} to ${RAGE_CLICK.maxThreshold}.`,
    }),
  },
  { additionalProperties: false },
);

/** An event as requests send it: `value` may be left out (any event of the kind; for rage clicks, 3). */
export const AlertEventInput = Type.Object(
  {
    kind: Type.Integer({ enum: ALERT_EVENT_KINDS, description: kindDescription }),
    value: Type.Optional(
      Type.String({
        maxLength: ALERT_LIMITS.valueLength,
        description: `Fragment to match; empty or left out matches any event of the kind. For rage clicks (21), the minimum click count, ${RAGE_CLICK.minClicks} to ${RAGE_CLICK.maxThreshold} (${DEFAULT_RAGE_CLICK_THRESHOLD} when left out).`,
      }),
    ),
  },
  { additionalProperties: false },
);

// 1 to 100 characters once surrounding spaces are trimmed; the service checks the trimmed length.
const name = Type.String({ minLength: 1, maxLength: 1000, description: '1 to 100 characters after trimming.' });
const events = Type.Array(AlertEventInput, { minItems: 1, maxItems: ALERT_LIMITS.eventsPerAlert });
const provider = Type.Enum(ALERT_PROVIDERS);
const providerInput = Type.Enum(ALERT_PROVIDER_INPUTS, { description: '`slack` is a synonym of `chat`.' });
// A channel id (`C0123ABCD`) or a `#name` of at most 80 characters; the service checks the form.
const channelText = Type.String({
  minLength: 1,
  maxLength: 81,
  description:
    'A channel id such as `C0123ABCD` (upper-case letters and digits, starting with C, G or D) or a `#name`.',
});
const chatChannelId = Type.Union([channelText, Type.Null()]);
const slackChannelId = Type.Union([channelText, Type.Null()], {
  description: 'A synonym of `chat_channel_id`; sending both with different values is refused.',
});
const webhookId = Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()]);
/** The longest quiet period: a day. */
export const MAX_QUIET_PERIOD_MINUTES = 1440;
const quietPeriodMinutes = Type.Integer({
  minimum: 0,
  maximum: MAX_QUIET_PERIOD_MINUTES,
  description:
    'Flood control: after a message, later matches within this many minutes are held back and counted, then ' +
    'folded into the next message (`suppressed_count`, `suppressed_since`). 0 sends every match. Default 5.',
});

const thresholdCount = Type.Union(
  [Type.Integer({ minimum: ALERT_THRESHOLD.minCount, maximum: ALERT_THRESHOLD.maxCount }), Type.Null()],
  {
    description:
      `Threshold: the alert fires only once at least this many matches (${ALERT_THRESHOLD.minCount} to ` +
      `${ALERT_THRESHOLD.maxCount}) happened within \`threshold_window_minutes\`; set both or neither. ` +
      'Matches below it send nothing and are not counted as held back. null: every match counts (the default).',
  },
);
const thresholdWindowMinutes = Type.Union(
  [Type.Integer({ minimum: ALERT_THRESHOLD.minWindowMinutes, maximum: ALERT_THRESHOLD.maxWindowMinutes }), Type.Null()],
  {
    description: `The threshold's window, ${ALERT_THRESHOLD.minWindowMinutes} to ${ALERT_THRESHOLD.maxWindowMinutes} minutes; set with \`threshold_count\`.`,
  },
);

const snoozedUntil = Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
  description:
    'ISO 8601: until then the alert is snoozed, its matches send nothing and are not counted; null is not snoozed.',
});

export const CreateAlertBody = Type.Object(
  {
    name,
    events,
    provider: providerInput,
    chat_channel_id: Type.Optional(chatChannelId),
    slack_channel_id: Type.Optional(slackChannelId),
    webhook_id: Type.Optional(webhookId),
    quiet_period_minutes: Type.Optional(quietPeriodMinutes),
    snoozed_until: Type.Optional(snoozedUntil),
    threshold_count: Type.Optional(thresholdCount),
    threshold_window_minutes: Type.Optional(thresholdWindowMinutes),
  },
  { additionalProperties: false },
);

export const UpdateAlertBody = Type.Object(
  {
    name: Type.Optional(name),
    events: Type.Optional(events),
    provider: Type.Optional(providerInput),
    chat_channel_id: Type.Optional(chatChannelId),
    slack_channel_id: Type.Optional(slackChannelId),
    webhook_id: Type.Optional(webhookId),
    enabled: Type.Optional(Type.Boolean()),
    quiet_period_minutes: Type.Optional(quietPeriodMinutes),
    snoozed_until: Type.Optional(snoozedUntil),
    threshold_count: Type.Optional(thresholdCount),
    threshold_window_minutes: Type.Optional(thresholdWindowMinutes),
  },
  { additionalProperties: false },
);

export const Alert = Type.Object(
  {
    alert_id: Type.String(),
    name: Type.String(),
    events: Type.Array(AlertEvent),
    provider,
    chat_channel_id: Type.Union([Type.String(), Type.Null()]),
    webhook_id: Type.Union([Type.String(), Type.Null()]),
    enabled: Type.Boolean(),
    creation_date: Type.String({ format: 'date-time', description: 'ISO 8601, UTC.' }),
    // The additions below are always sent; they are optional in the contract so that clients and
    // fixtures written against the original document stay valid (decisions.md: additive only).
    last_fired_at: Type.Optional(
      Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'ISO 8601, UTC: when an event last matched the alert; null if none has.',
      }),
    ),
    flagged_reason: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'Why the alert needs attention (for example, its webhook was disabled); null otherwise.',
      }),
    ),
    slack_channel_id: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'The same as `chat_channel_id`, under the name clients of the hosted service read.',
      }),
    ),
    target_healthy: Type.Optional(
      Type.Boolean({
        description:
          'Whether deliveries can currently reach the target: for chat, the server has a chat bot configured; ' +
          'for webhooks, the webhook is enabled and has not been failing for more than an hour.',
      }),
    ),
    quiet_period_minutes: Type.Optional(quietPeriodMinutes),
    suppressed_count: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'Matches held back by the quiet period since the last message, not sent yet.',
      }),
    ),
    snoozed_until: Type.Optional(snoozedUntil),
    suppressed_since: Type.Optional(
      Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
        description: 'ISO 8601, UTC: when the first of the held-back matches happened; null when none is held back.',
      }),
    ),
    threshold_count: Type.Optional(thresholdCount),
    threshold_window_minutes: Type.Optional(thresholdWindowMinutes),
  },
  { $id: 'Alert' },
);

/** The unsaved rule the form previews: what decides when the alert fires and how often it sends. */
export const AlertPreviewBody = Type.Object(
  {
    events,
    webhook_id: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()], {
        description:
          "Preview only the events of this webhook's website (as the alert would fire); null: every website.",
      }),
    ),
    quiet_period_minutes: Type.Optional(quietPeriodMinutes),
    threshold_count: Type.Optional(thresholdCount),
    threshold_window_minutes: Type.Optional(thresholdWindowMinutes),
  },
  { additionalProperties: false },
);

export const AlertPreview = Type.Object({
  from: Type.String({ format: 'date-time', description: 'ISO 8601, UTC: the start of the period looked at.' }),
  to: Type.String({ format: 'date-time', description: 'ISO 8601, UTC: now.' }),
  scanned_events: Type.Integer({ minimum: 0, description: 'Stored events of the rule’s kinds examined.' }),
  matches: Type.Integer({ minimum: 0, description: 'Events the rule matches.' }),
  fires: Type.Integer({
    minimum: 0,
    description:
      'Matches that would have fired the alert: all of them without a threshold, else those that reached it.',
  }),
  messages: Type.Integer({
    minimum: 0,
    description: 'Messages flood control would have sent: matches sent at once plus quiet-period summaries.',
  }),
  held_back: Type.Integer({ minimum: 0, description: 'Fires folded into those messages by the quiet period.' }),
  truncated: Type.Boolean({
    description:
      'More events of these kinds were stored than one preview examines: the figures cover only the newest ' +
      'of them, from `from` (later than 7 days ago).',
  }),
});

export const AlertRef = Type.Ref('Alert');
export const AlertList = Type.Array(AlertRef);
export const DeletedAlert = Type.Object({ alert_id: Type.String(), deleted: Type.Boolean() });

export type AlertEventValue = Static<typeof AlertEvent>;
export type CreateAlertInput = Static<typeof CreateAlertBody>;
export type UpdateAlertInput = Static<typeof UpdateAlertBody>;
export type AlertResource = Static<typeof Alert>;
export type AlertPreviewInput = Static<typeof AlertPreviewBody>;
export type AlertPreviewResult = Static<typeof AlertPreview>;
