import { Type, type Static, type TSchema } from 'typebox';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

const instant = (description: string) =>
  Type.String({ format: 'date-time', description: `ISO 8601, UTC. ${description}` });
const nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

export const DeliveryAttempt = Type.Object({
  attempted_at: instant('When the attempt started.'),
  status_code: nullable(
    Type.Integer(),
    'HTTP status of the answer; null when none came (network error, timeout, refused target, or nothing sent).',
  ),
  duration_ms: Type.Integer({ description: 'How long the attempt took, in milliseconds.' }),
  error: nullable(Type.String(), 'Why the attempt failed; null when it succeeded.'),
  next_attempt_at: nullable(
    Type.String({ format: 'date-time' }),
    'When the next attempt was scheduled after this one; null when none was.',
  ),
});

export const Delivery = Type.Object(
  {
    delivery_id: Type.String({ description: 'The message id, sent as the `webhook-id` header on every attempt.' }),
    alert_id: nullable(Type.String(), 'The alert that fired; null for a webhook test.'),
    webhook_id: nullable(Type.String(), 'The webhook sent to; null for chat messages.'),
    chat_channel_id: nullable(Type.String(), 'The chat channel sent to; null for webhook messages.'),
    event_name: Type.String({
      description: 'Click, DoubleClick, ErrorClick, RageClick, Log, JSError, Custom, NetLog or NetError.',
    }),
    test: Type.Boolean({ description: 'Sent with "send test", not by a real event.' }),
    status: Type.Enum(DELIVERY_STATUSES, {
      description: 'pending: will be (re)tried at next_attempt_at; delivered; failed: no more retries.',
    }),
    attempts: Type.Integer({ description: 'Attempts made since the message was created or last redelivered.' }),
    created_at: instant('When the message was created.'),
    delivered_at: nullable(Type.String({ format: 'date-time' }), 'When an attempt succeeded.'),
    next_attempt_at: nullable(
      Type.String({ format: 'date-time' }),
      'When the next attempt is due; null unless pending.',
    ),
    last_error: nullable(Type.String(), 'The error of the latest failed attempt.'),
    attempt_history: Type.Array(DeliveryAttempt, {
      description: 'Every attempt ever made, oldest first (redelivering keeps them).',
    }),
    // Always sent; optional in the contract so that clients written against the original document stay valid.
    session_id: Type.Optional(nullable(Type.String(), 'The session the event happened in; null for a test message.')),
    session_url: Type.Optional(
      nullable(
        Type.String(),
        "The payload's link to the session in the dashboard, opening the replay at the event's moment (`?t=` seconds " +
          'from the start); null for a test message, whose session is a sample.',
      ),
    ),
  },
  { $id: 'Delivery' },
);

export const DeliveryList = Type.Array(Type.Ref('Delivery'));

export const DeliveriesQuery = Type.Object(
  { limit: Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Newest first; at most this many.' }) },
  { additionalProperties: false },
);

/** A match of an alert: the event that made it send a message, and where it happened. */
export const AlertMatch = Type.Object(
  {
    delivery_id: Type.String({ description: 'The message the match sent.' }),
    event_name: Type.String(),
    time: instant('When the event happened.'),
    session_id: Type.String(),
    session_url: Type.String({ description: "Link to the session in the dashboard, at the event's moment." }),
    visitor: Type.Object({
      id: Type.String(),
      name: Type.String({ description: 'Empty when the visitor has not said.' }),
      email: Type.String({ description: 'Empty when the visitor has not said.' }),
    }),
  },
  { $id: 'AlertMatch' },
);

export const AlertMatchList = Type.Array(Type.Ref('AlertMatch'));

export const AlertMatchesQuery = Type.Object(
  { limit: Type.Integer({ minimum: 1, maximum: 20, default: 3, description: 'Newest first; at most this many.' }) },
  { additionalProperties: false },
);

export const QueuedDelivery = Type.Object({
  delivery_id: Type.String({ description: 'The message id (also the `webhook-id` header).' }),
  status: Type.Enum(['pending'] as const),
});

export type DeliveryResource = Static<typeof Delivery>;
export type DeliveryAttemptResource = Static<typeof DeliveryAttempt>;
export type AlertMatchResource = Static<typeof AlertMatch>;
export type QueuedDeliveryResource = Static<typeof QueuedDelivery>;
