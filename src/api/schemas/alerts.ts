import { Type, type Static } from 'typebox';

/** Event kinds an alert can fire on, with their names in deliveries. */
export const EVENT_KINDS = {
  5: 'Click',
  6: 'DoubleClick',
  20: 'ErrorClick',
  21: 'RageClick',
  24: 'Log',
  25: 'JSError',
  26: 'Custom',
  29: 'NetLog',
  30: 'NetError',
} as const;

export const EVENT_KIND_VALUES = Object.keys(EVENT_KINDS).map(Number);
export const RAGE_CLICK_KIND = 21;
export const ALERT_PROVIDERS = ['chat', 'webhooks'] as const;

export const AlertEvent = Type.Object(
  {
    kind: Type.Integer({
      enum: EVENT_KIND_VALUES,
      description:
        '5 click, 6 double click, 20 error click, 21 rage click, 24 console log, 25 JavaScript error, 26 custom event, 29 network request, 30 network error.',
    }),
    value: Type.String({
      maxLength: 256,
      description: 'Fragment to match; empty matches any event of the kind. For rage clicks (21), the minimum click count, 3 to 100.',
    }),
  },
  { additionalProperties: false },
);

// 1 to 100 characters once surrounding spaces are trimmed; the service checks the trimmed length.
const name = Type.String({ minLength: 1, maxLength: 1000, description: '1 to 100 characters after trimming.' });
const events = Type.Array(AlertEvent, { minItems: 1, maxItems: 20 });
const provider = Type.Enum(ALERT_PROVIDERS);
const chatChannelId = Type.Union([Type.String({ minLength: 1, maxLength: 80 }), Type.Null()]);
const webhookId = Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()]);

export const CreateAlertBody = Type.Object(
  {
    name,
    events,
    provider,
    chat_channel_id: Type.Optional(chatChannelId),
    webhook_id: Type.Optional(webhookId),
  },
  { additionalProperties: false },
);

export const UpdateAlertBody = Type.Object(
  {
    name: Type.Optional(name),
    events: Type.Optional(events),
    provider: Type.Optional(provider),
    chat_channel_id: Type.Optional(chatChannelId),
    webhook_id: Type.Optional(webhookId),
    enabled: Type.Optional(Type.Boolean()),
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
  target_healthy: Type.Optional(
    Type.Boolean({
      description:
        'Whether deliveries can currently reach the target: for chat, the server has a chat bot configured; ' +
        'for webhooks, the webhook is enabled and has not been failing for more than an hour.',
    }),
  ),
  },
  { $id: 'Alert' },
);

export const AlertRef = Type.Ref('Alert');
export const AlertList = Type.Array(AlertRef);
export const DeletedAlert = Type.Object({ alert_id: Type.String(), deleted: Type.Boolean() });

export type AlertEventValue = Static<typeof AlertEvent>;
export type CreateAlertInput = Static<typeof CreateAlertBody>;
export type UpdateAlertInput = Static<typeof UpdateAlertBody>;
export type AlertResource = Static<typeof Alert>;
