/**
 * Validators for the hosted service's own schemas (copied into ./hosted), strict about types: a null
 * where the hosted document says string fails, as it would in a client generated from it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';

const HERE = path.dirname(fileURLToPath(import.meta.url));

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>
  >;
  components: { schemas: Record<string, object> };
}

function load(file: string): OpenApiDocument {
  return JSON.parse(fs.readFileSync(path.join(HERE, 'hosted', file), 'utf8')) as OpenApiDocument;
}

export const hostedRest = load('rest-openapi.json');
export const hostedWebhooks = load('webhooks-openapi.json');

/**
 * Where this product answers differently on purpose, stated once: an alert's provider is `chat`
 * (requests may say `slack`), and the field of the provider an alert does not use is null.
 */
function withKeptDifferences(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  const schemas = copy.components.schemas as Record<string, { enum?: string[]; properties?: Record<string, object> }>;
  schemas.AlertProviderEnum = { ...schemas.AlertProviderEnum, enum: ['slack', 'webhooks', 'chat'] };
  const alert = schemas.Alert?.properties ?? {};
  for (const field of ['slack_channel_id', 'webhook_id']) alert[field] = { type: ['string', 'null'] };
  return copy;
}

// No coercion and no format checks (the hosted document uses int64, which JSON Schema does not define).
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, coerceTypes: false });
ajv.addSchema(withKeptDifferences(hostedRest), 'hosted-rest');
ajv.addSchema(hostedWebhooks, 'hosted-webhooks');

const cache = new Map<string, ValidateFunction>();

function compiled(ref: string): ValidateFunction {
  let validate = cache.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    cache.set(ref, validate);
  }
  return validate;
}

/** The validator for the JSON answer the hosted document gives `method path` with `status`. */
export function hostedResponseValidator(method: string, hostedPath: string, status: string): ValidateFunction {
  const operation = hostedRest.paths[hostedPath]?.[method.toLowerCase()];
  const schema = operation?.responses?.[status]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`The hosted document has no JSON ${status} answer for ${method} ${hostedPath}`);
  const pointer = `/paths/${hostedPath.replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
  return compiled(`hosted-rest#${pointer}`);
}

/** The validator for a hosted webhook payload schema, such as `SessionEventJSErrorPayload`. */
export function hostedWebhookValidator(schemaName: string): ValidateFunction {
  return compiled(`hosted-webhooks#/components/schemas/${schemaName}`);
}

/** Ajv's errors as one readable line, for assertion messages. */
export function describeErrors(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors, { separator: '; ' });
}
