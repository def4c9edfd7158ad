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
  },
  { $id: 'Delivery' },
);

export const DeliveryList = Type.Array(Type.Ref('Delivery'));

export const DeliveriesQuery = Type.Object(
  { limit: Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Newest first; at most this many.' }) },
  { additionalProperties: false },
);

export const QueuedDelivery = Type.Object({
  delivery_id: Type.String({ description: 'The message id (also the `webhook-id` header).' }),
  status: Type.Enum(['pending'] as const),
});

export type DeliveryResource = Static<typeof Delivery>;
export type DeliveryAttemptResource = Static<typeof DeliveryAttempt>;
export type QueuedDeliveryResource = Static<typeof QueuedDelivery>;
