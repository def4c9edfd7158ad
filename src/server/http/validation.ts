import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { type AppError, errors } from '../errors.ts';

function makeAjv(query: boolean): Ajv {
  // No removeAdditional: unknown fields are an error, not silently dropped. allErrors off: the first
  // problem is reported, which is what the envelope's single `param` can carry. Query strings coerce to
  // the declared types, and their errors carry the parameter's schema (verbose), whose description tells
  // what a value that fails a pattern should look like.
  const ajv = new Ajv({
    coerceTypes: query,
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    strict: false,
    verbose: query,
  });
  addFormats(ajv);
  return ajv;
}

// ajv-formats is CommonJS: under Node's ESM loader its function is the default export's default.
const addFormats = addFormatsModule.default;

const bodyAjv = makeAjv(false);
const queryAjv = makeAjv(true);

const DECIMAL_INTEGER = /^-?\d+$/;
const DECIMAL_NUMBER = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** How a query string may spell each numeric type. */
const NUMERAL: Record<string, RegExp> = { integer: DECIMAL_INTEGER, number: DECIMAL_NUMBER };

function declaredTypes(schema: object): [name: string, type: unknown][] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.entries(properties).map(([name, property]) => [name, property.type]);
}

/** Ajv's own error shape, for the problems found before Ajv looks. */
function problem(keyword: string, name: string, params: Record<string, unknown>): ErrorObject {
  return { keyword, instancePath: `/${name}`, schemaPath: '', params };
}

/**
 * Query strings coerce to numbers, but only decimals count: Ajv alone would read `0x10`, ` 5` or a blank
 * as numbers, and `1e3` as an integer. A number may have an exponent, as in JSON. A parameter given twice
 * arrives as a list, which no parameter here takes: it is named as repeated, not as of the wrong type.
 */
function compileQuery(schema: object) {
  const validate = queryAjv.compile(schema);
  const declared = declaredTypes(schema);
  const check = (data: Record<string, unknown>): boolean => {
    for (const [name, type] of declared) {
      const value = data?.[name];
      if (Array.isArray(value) && type !== 'array') {
        check.errors = [problem('repeated', name, {})];
        return false;
      }
      const numeral = typeof type === 'string' ? NUMERAL[type] : undefined;
      if (numeral && typeof value === 'string' && !numeral.test(value)) {
        check.errors = [problem('type', name, { type })];
        return false;
      }
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  };
  check.errors = null as ErrorObject[] | null | undefined;
  return check;
}

const compiledQueries = new WeakMap<object, ReturnType<typeof compileQuery>>();

/**
 * Checks parameters kept as text elsewhere (a saved view's) as if they came in a query string under
 * `schema`: `data` is coerced and given its defaults in place. The first problem, if any, in the envelope's
 * terms, its param named under `within` ("query.country").
 */
export function queryStringError(schema: object, data: Record<string, unknown>, within: string): AppError | null {
  let check = compiledQueries.get(schema);
  if (!check) {
    check = compileQuery(schema);
    compiledQueries.set(schema, check);
  }
  if (check(data)) return null;
  const [error] = check.errors ?? [];
  if (!error) return errors.validation('invalid_value', `${within} is not valid`, within);
  return validationErrorToAppError({ ...error, instancePath: `/${within}${error.instancePath}` }, 'body');
}

/** Bodies are validated strictly (a string is not a number); query strings and paths are text, so they coerce. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  httpPart === 'body' ? bodyAjv.compile(schema) : compileQuery(schema);

function joinPath(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (child !== undefined) parts.push(child);
  return parts.join('.');
}

function describeType(schemaType: unknown): string {
  const types = Array.isArray(schemaType) ? schemaType : [schemaType];
  return types
    .map((type) => (type === 'integer' ? 'an integer' : type === 'object' ? 'a JSON object' : `a ${String(type)}`))
    .join(' or ');
}

/** "1 character", "3 characters". */
function counted(limit: unknown, noun: string): string {
  return `${String(limit)} ${noun}${limit === 1 ? '' : 's'}`;
}

/** Turns the first schema violation into the error envelope's terms: a code, a param and a sentence. */
export function validationErrorToAppError(error: ErrorObject, context: string): AppError {
  const params = error.params as Record<string, unknown>;
  const where = joinPath(error.instancePath);
  const subject = where || (context === 'body' ? 'The request body' : context);
  const param = where || undefined;
  switch (error.keyword) {
    case 'required': {
      const missing = joinPath(error.instancePath, String(params.missingProperty));
      return errors.validation('required', `${missing} is required`, missing);
    }
    case 'repeated':
      return errors.validation('repeated_parameter', `${subject} must be given once, not repeated`, param);
    case 'additionalProperties':
      return errors.unknownParameter(joinPath(error.instancePath, String(params.additionalProperty)));
    case 'type':
      return errors.validation('invalid_type', `${subject} must be ${describeType(params.type)}`, param);
    case 'enum':
      return errors.validation(
        'invalid_value',
        `${subject} must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`,
        param,
      );
    case 'minLength':
      if (params.limit === 1) return errors.validation('too_short', `${subject} must not be empty`, param);
      return errors.validation('too_short', `${subject} must be at least ${counted(params.limit, 'character')}`, param);
    case 'maxLength':
      return errors.validation('too_long', `${subject} must be at most ${counted(params.limit, 'character')}`, param);
    case 'minItems':
      return errors.validation(
        'too_few_items',
        `${subject} must have at least ${counted(params.limit, 'item')}`,
        param,
      );
    case 'maxItems':
      return errors.validation(
        'too_many_items',
        `${subject} must have at most ${counted(params.limit, 'item')}`,
        param,
      );
    case 'minimum':
      return errors.validation('out_of_range', `${subject} must be at least ${String(params.limit)}`, param);
    case 'maximum':
      return errors.validation('out_of_range', `${subject} must be at most ${String(params.limit)}`, param);
    case 'format':
      return errors.validation('invalid_format', `${subject} must be a valid ${String(params.format)}`, param);
    case 'pattern': {
      // "country is not valid: ISO 3166-1 alpha-2 country code." (query parameters; see makeAjv)
      const description = (error.parentSchema as { description?: unknown } | undefined)?.description;
      const hint = typeof description === 'string' && description !== '' ? `: ${description}` : '';
      return errors.validation('invalid_value', `${subject} is not valid${hint}`, param);
    }
    default:
      return errors.validation('invalid_value', `${subject} is not valid`, param);
  }
}

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * Walks with a stack of its own rather than the call stack, and links each value to its parent rather
 * than copying paths, so neither the depth nor the size of what it is given can make it overflow or crawl.
 */
function findNulCharacter(root: unknown): string[] | null {
  const pending: Visit[] = [{ value: root, key: '', parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    // Binary bodies (recording chunks) are bytes, not text: NUL is a byte like any other there.
    if (value instanceof Uint8Array) continue;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(visit);
    } else if (value && typeof value === 'object') {
      const entries = Array.isArray(value)
        ? value.map((item, index) => [String(index), item] as const)
        : Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index] ?? ['', undefined];
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

/** No text the service stores or searches may hold a NUL character (PostgreSQL cannot store one). */
export function assertNoNulCharacters(parts: { params: unknown; query: unknown; body: unknown }): void {
  const found = findNulCharacter(parts.params) ?? findNulCharacter(parts.query) ?? findNulCharacter(parts.body);
  if (found) {
    const param = found.join('.');
    throw errors.validation(
      'invalid_character',
      `${param || 'The request'} must not contain a NUL character`,
      param || undefined,
    );
  }
}
