/**
 * The OpenAPI document's `webhooks` section: one entry per event name, whose request body is the
 * schema the payload builder is typed against, with a sample delivery as its example.
 */
import { ALERT_EVENT_KINDS, alertEventName } from '../../../../api/event-catalogue.ts';
import { deliveryBodyOf } from '../../../../api/schemas/webhook-payload.ts';
import { sampleDeliveryBody } from '../deliveries/test-messages.ts';

const SIGNATURE_NOTE =
  'Signed with Standard Webhooks headers (`webhook-id`, the message id; `webhook-timestamp`; `webhook-signature`) ' +
  "and the hosted service's `LiveSession-Signature`. Answer 2xx within 10 s; anything else is retried with backoff " +
  'for about a day, with the same `webhook-id`.';

/** Where the samples' session links point: the document reads the same whatever PUBLIC_URL a server has. */
const SAMPLE_PUBLIC_URL = 'https://analytics.example.com';

export function webhooksDocumentation() {
  return Object.fromEntries(
    ALERT_EVENT_KINDS.map((kind) => {
      const name = alertEventName(kind);
      const operation = {
        summary: `A matched ${name} event`,
        description: `Sent to a webhook when an alert matches a ${name} event. ${SIGNATURE_NOTE}`,
        operationId: `webhook${name}`,
        tags: ['Webhooks'],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: deliveryBodyOf(name), example: sampleDeliveryBody(SAMPLE_PUBLIC_URL, kind) },
          },
        },
        responses: { '200': { description: 'Any 2xx: received.' } },
      };
      return [name, { post: operation }];
    }),
  );
}
