import { Type, type Static } from 'typebox';

export const WEBHOOK_VERSIONS = ['v1.0'] as const;
/** What a webhook's `health` can be; the rule is the server's `webhookHealth`. */
export const WEBHOOK_HEALTH_STATES = ['no_deliveries', 'succeeding', 'retrying', 'failing', 'disabled'] as const;

const url = Type.String({ minLength: 1, maxLength: 2048, description: 'Absolute https URL of a public host.' });
const websiteId = Type.String({ minLength: 1, maxLength: 64 });
const version = Type.Enum(WEBHOOK_VERSIONS);

export const CreateWebhookBody = Type.Object({ url, website_id: websiteId, version }, { additionalProperties: false });

export const UpdateWebhookBody = Type.Object(
  { url, website_id: websiteId, version, enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const UpdateWebhookQuery = Type.Object({ version }, { additionalProperties: false });

const webhookProperties = {
  webhook_id: Type.String(),
  url: Type.String(),
  website: Type.String({ description: "The website's name." }),
  website_id: Type.String(),
  version,
  enabled: Type.Boolean(),
  created_date: Type.Integer({ description: 'Unix seconds.' }),
  created_by: Type.String({ description: 'E-mail of the person, or name of the API token, that created it.' }),
  // The additions below are always sent; they are optional in the contract so that clients and
  // fixtures written against the original document stay valid (decisions.md: additive only).
  failing_since: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description: 'Unix seconds of the first failed delivery since the last success; null while deliveries succeed.',
    }),
  ),
  disabled_reason: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'Why the server switched the webhook off (no successful delivery for 3 days); null otherwise.',
    }),
  ),
  health: Type.Optional(
    Type.Enum(WEBHOOK_HEALTH_STATES, {
      description:
        'no_deliveries: none has succeeded yet; succeeding; retrying: failing for up to an hour; failing: for ' +
        'longer, exactly when the alerts sending to it have `target_healthy: false`; disabled: switched off ' +
        '(by a person, or by the server: see `disabled_reason`), which also makes its alerts unhealthy.',
    }),
  ),
  previous_secret_expires_at: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description:
        'Unix seconds until which the secret replaced by the last rotation still signs deliveries, beside the current one; null when only the current one signs.',
    }),
  ),
};

export const Webhook = Type.Object(webhookProperties, { $id: 'Webhook' });

/** The answer to a creation: the webhook and, this once, its signing secret, so that API clients can verify deliveries. */
export const CreatedWebhook = Type.Object({
  ...webhookProperties,
  secret: Type.String({
    description: 'Standard Webhooks signing secret (`whsec_…`); shown only in this answer and on rotation.',
  }),
});

export const WebhookRef = Type.Ref('Webhook');
export const WebhookList = Type.Array(WebhookRef);
export const DeletedWebhook = Type.Object({ webhook_id: Type.String(), deleted: Type.Boolean() });

export type CreateWebhookInput = Static<typeof CreateWebhookBody>;
export type UpdateWebhookInput = Static<typeof UpdateWebhookBody>;
export type WebhookResource = Static<typeof Webhook>;
export type CreatedWebhookResource = Static<typeof CreatedWebhook>;

export const WebhookSecret = Type.Object({
  webhook_id: Type.String(),
  secret: Type.String({ description: 'Standard Webhooks signing secret (`whsec_…`).' }),
});

/** The answer to a rotation: the new secret, this once, and until when the one it replaced still signs. */
export const RotatedWebhookSecret = Type.Object({
  webhook_id: Type.String(),
  secret: Type.String({ description: 'The new Standard Webhooks signing secret (`whsec_…`).' }),
  previous_secret_expires_at: Type.Integer({
    description:
      'Unix seconds: until then deliveries are signed with both the new and the previous secret (24 hours after the rotation).',
  }),
});
