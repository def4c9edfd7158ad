import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors.ts';

/**
 * The deepest body any operation accepts nests 4 levels (an ingest batch: body, events, event,
 * properties); twice that leaves room for the schemas to grow. A test keeps it at or above the deepest
 * request body in the OpenAPI document.
 */
export const MAX_JSON_DEPTH = 8;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/** Whether JSON text nests deeper than `maxDepth`: one pass, strings skipped, constant memory. */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === BACKSLASH) escaped = true;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if ((code === CLOSE_ARRAY || code === CLOSE_OBJECT) && depth > 0) {
      depth -= 1;
    }
  }
  return false;
}

type StringParser = (
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, body?: unknown) => void,
) => void;

/**
 * Wraps a JSON body parser so that text nested deeper than any schema allows is refused before it is
 * parsed: everything after parsing (the NUL check, schema validation, the handlers) may then walk the
 * value freely, and a few kilobytes of brackets cannot cost milliseconds of work or overflow the stack.
 */
export function depthLimited(parse: StringParser): StringParser {
  return (request, body, done) => {
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) done(errors.tooDeep(MAX_JSON_DEPTH));
    else parse(request, body, done);
  };
}

/** True when `body` is JSON as the language reads it. */
function isJson(body: string): boolean {
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * application/json, parsed as Fastify does (prototype-poisoning keys refused) once its depth passes. Fastify
 * calls a poisoned body invalid JSON; JSON that parses otherwise is refused for its keys instead.
 */
export function registerJsonParser(app: FastifyInstance): void {
  // Fastify's own parser is the callback form of its two parser shapes.
  const parse = app.getDefaultJsonParser('error', 'error') as StringParser;
  const naming: StringParser = (request, body, done) =>
    parse(request, body, (error, parsed) => {
      if (error && (error as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY' && isJson(body))
        done(errors.forbiddenKey());
      else done(error, parsed);
    });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, depthLimited(naming));
}
