/**
 * The JSON body of every delivery to a webhook (and the content of every chat message): the contract
 * receivers code against. The service's payload builder is typed by these schemas, and the OpenAPI
 * document's `webhooks` section is emitted from them, one entry per event name.
 */
import { Type, type Static, type TProperties } from 'typebox';
import { ALERT_EVENT_KINDS, type AlertEventName, alertEventName } from '../event-catalogue.ts';

/** Every event name a delivery can carry, in catalogue order. */
export const DELIVERY_EVENT_NAMES: readonly AlertEventName[] = ALERT_EVENT_KINDS.map(alertEventName);

const text = (description: string) => Type.String({ description });

export const DeliveryVisitor = Type.Object({
  id: Type.String(),
  name: text('Empty when the visitor has not said.'),
  email: text('Empty when the visitor has not said.'),
  params: Type.Array(Type.Object({ name: Type.String(), value: Type.String() }), {
    description: 'What the site said about the visitor, in the order it said it.',
  }),
  geolocation: Type.Object({
    country_code: text('ISO 3166-1 alpha-2; empty when unknown.'),
    city: Type.String(),
    region: Type.String(),
  }),
});

const standardFields = {
  time: Type.Integer({ description: 'Unix seconds: when the event happened.' }),
  session_id: Type.String(),
  session_url: text("Link to the session in the dashboard, opening the replay at the event's moment (`?t=`)."),
  visitor: DeliveryVisitor,
};

const page = Type.Optional(text('The page the event happened on.'));
const selector = Type.Optional(text('CSS selector of the element.'));
const elementText = Type.Optional(text("The element's visible text."));
const message = Type.Optional(text('The error or log message.'));
const network = {
  url: Type.Optional(text('The request URL.')),
  method: Type.String({ description: 'HTTP method; empty when unknown.' }),
  status: Type.Integer({ description: 'HTTP status; 0 when the request failed without one.' }),
  duration: Type.Optional(Type.Integer({ description: 'Milliseconds.' })),
};

/** Each event's own details besides the standard fields; the hosted service's names are always present. */
const EVENT_DETAILS: Record<AlertEventName, TProperties> = {
  Click: { url: page, selector, text: elementText },
  DoubleClick: { url: page, selector, text: elementText },
  ErrorClick: {
    url: page,
    selector,
    text: elementText,
    message: Type.String({ description: 'The error that followed the click.' }),
  },
  RageClick: {
    url: page,
    selector,
    text: elementText,
    click_count: Type.Optional(Type.Integer({ description: 'Rapid clicks.' })),
    clicks: Type.Integer({ description: 'The same as `click_count`, under the hosted service’s name.' }),
  },
  Log: { url: page, message, level: Type.Optional(Type.Enum(['log', 'info', 'warn', 'error'])) },
  JSError: {
    url: page,
    message,
    stack: Type.Optional(Type.String()),
    value: text('The message, under the hosted service’s name.'),
    count: Type.Integer({ description: 'Always 1: each error is its own message.' }),
  },
  Custom: {
    url: page,
    name: Type.Optional(text('The custom event’s name.')),
    properties: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
    ),
  },
  NetLog: network,
  NetError: network,
};

/** What happened, for one event name: the standard fields, then the event's own details. */
export function deliveryEventOf(name: AlertEventName) {
  return Type.Object(
    { event_name: Type.Literal(name), ...standardFields, ...EVENT_DETAILS[name] },
    { additionalProperties: true },
  );
}

/** What happened, whatever the event: the standard fields and any of the events' details. */
export const DeliveryEvent = Type.Object(
  {
    event_name: Type.Enum(DELIVERY_EVENT_NAMES),
    ...standardFields,
    url: Type.Optional(Type.String()),
    selector: Type.Optional(Type.String()),
    text: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

function deliveryBodyWith<T extends ReturnType<typeof deliveryEventOf> | typeof DeliveryEvent>(payload: T) {
  return Type.Object({
    message_id: text('Also the `webhook-id` header: the same on every attempt, so receivers can drop duplicates.'),
    webhook_id: Type.Union([Type.String(), Type.Null()], {
      description: 'Null when the message goes to a chat channel.',
    }),
    webhook_type: Type.Literal('session.event'),
    api_version: Type.Literal('v1.0'),
    account_id: Type.String(),
    website_id: Type.Union([Type.String(), Type.Null()], {
      description: 'Null only for a test of a chat alert, which belongs to no website.',
    }),
    created_at: Type.Integer({ description: 'Unix seconds: when the message was created.' }),
    alert: Type.Object({ alert_id: Type.String(), name: Type.String() }),
    payload,
    test: Type.Optional(
      Type.Literal(true, { description: 'Present (and true) only on messages sent with "send test".' }),
    ),
    suppressed_count: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          "Present only when the alert's quiet period held matches back: how many more matches this message stands " +
          'for besides the event it shows.',
      }),
    ),
    suppressed_since: Type.Optional(
      Type.Integer({ description: 'With `suppressed_count`: Unix seconds of the first of those matches.' }),
    ),
    threshold_matches: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'Present only when the alert has a threshold and this match reached it: how many matches happened within ' +
          'the window, this one included (counted up to 1,000).',
      }),
    ),
    threshold_window_minutes: Type.Optional(
      Type.Integer({ minimum: 1, description: "With `threshold_matches`: the threshold's window in minutes." }),
    ),
  });
}

/** The body of a delivery, whatever its event. */
export const DeliveryBody = deliveryBodyWith(DeliveryEvent);

/** The body of a delivery about one event name, as the OpenAPI document describes it. */
export function deliveryBodyOf(name: AlertEventName) {
  return deliveryBodyWith(deliveryEventOf(name));
}

export type DeliveryBodyValue = Static<typeof DeliveryBody>;
export type DeliveryEventValue = Static<typeof DeliveryEvent>;
export type DeliveryVisitorValue = Static<typeof DeliveryVisitor>;
