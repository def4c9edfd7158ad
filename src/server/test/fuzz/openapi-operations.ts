/**
 * The operations the fuzzer covers, read from the OpenAPI document the running app serves, so a new
 * route is fuzzed as soon as it is registered.
 */
import type { JsonSchema } from './schema-values.ts';

export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  operationId: string;
  method: string;
  /** The templated path, such as `/v1/alerts/{id}`. */
  path: string;
  parameters: OperationParameter[];
  body: JsonSchema | undefined;
  /** The credentials the operation accepts; empty for public operations. */
  security: ('bearer' | 'cookie')[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
  security?: Record<string, string[]>[];
}

interface RawOperation {
  operationId?: string;
  parameters?: OperationParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, string[]>[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Inlines `#/components/schemas/…` references; the request schemas are trees, so this ends. */
function resolve(value: unknown, document: OpenApiDocument): unknown {
  if (Array.isArray(value)) return value.map((item) => resolve(item, document));
  if (!value || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    return resolve(document.components?.schemas?.[name] ?? {}, document);
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, document)]));
}

function securityOf(raw: RawOperation, document: OpenApiDocument): Operation['security'] {
  const schemes = (raw.security ?? document.security ?? []).flatMap((requirement) => Object.keys(requirement));
  return schemes.map((scheme) => (scheme === 'cookieAuth' ? 'cookie' : 'bearer'));
}

/** Every operation of an OpenAPI 3 document, with its request schemas resolved. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const body = raw.requestBody?.content?.['application/json']?.schema;
      operations.push({
        operationId: raw.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: (resolve(raw.parameters ?? [], document) as OperationParameter[]).map((parameter) => ({
          ...parameter,
          required: parameter.required === true || parameter.in === 'path',
        })),
        body: body === undefined ? undefined : (resolve(body, document) as JsonSchema),
        security: securityOf(raw, document),
      });
    }
  }
  return operations;
}
