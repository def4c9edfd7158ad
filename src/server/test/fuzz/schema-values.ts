/**
 * Schema-valid values for the fuzzer: a fast-check arbitrary for a JSON Schema as the OpenAPI document
 * states it, so generated requests get past validation and reach the services behind it. `hints` name
 * fields whose meaningful values a schema cannot express (existing ids, the website key, a clock value).
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  maxProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** Field name to extra candidate values, mixed in with what the schema allows. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/** Arrays and maps stay short: long collections test the body limit, which the hostile shapes cover. */
const MAX_COLLECTION = 6;

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  switch (schema.format) {
    case 'date-time':
      return fc
        .date({ min: new Date(0), max: new Date(4_102_444_800_000), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'email':
      return fc
        .emailAddress()
        .filter((email) => email.length >= minLength && email.length <= (schema.maxLength ?? 254));
    case 'uri':
      return fc.webUrl();
    default:
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((value) => value.length <= (schema.maxLength ?? Infinity));
  }
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1e9, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 1e9, Number.MAX_SAFE_INTEGER);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectFor(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) fields[name] = valueFor(property, hints, name);
  const record = fc.record(fields, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) });
  const extra = schema.additionalProperties;
  if (!extra || extra === true || Object.keys(properties).length > 0) return record;
  const maxKeys = Math.min(schema.maxProperties ?? MAX_COLLECTION, MAX_COLLECTION);
  // Names that are also Object.prototype members catch lookups such as `params[name]` on plain objects.
  const key = fc.oneof(
    fc.string({ minLength: 1, maxLength: 20 }),
    fc.constantFrom('toString', 'hasOwnProperty', 'valueOf', 'constructor'),
  );
  return fc.dictionary(key, valueFor(extra, hints), { maxKeys });
}

function arrayFor(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown[]> {
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_COLLECTION, minLength + MAX_COLLECTION));
  const items = valueFor(schema.items ?? {}, hints);
  if (schema.uniqueItems)
    return fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) });
  return fc.array(items, { minLength, maxLength });
}

function forType(type: string, schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayFor(schema, hints);
    case 'object':
      return objectFor(schema, hints);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value `schema` accepts; for a field called `name`, sometimes the hint's value instead. */
export function valueFor(schema: JsonSchema, hints: Hints = {}, name?: string): fc.Arbitrary<unknown> {
  const fromSchema = schemaValue(schema, hints);
  const hint = name === undefined ? undefined : hints[name];
  return hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: fromSchema, weight: 1 }) : fromSchema;
}

function schemaValue(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => schemaValue(choice, hints)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.properties ? objectFor(schema, hints) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => forType(type, schema, hints)));
}
