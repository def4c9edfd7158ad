import type { ERROR_TYPES } from '../api/schemas/common.ts';

export type ErrorType = (typeof ERROR_TYPES)[number];

interface AppErrorOptions {
  param?: string;
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An error the client is meant to see: one handler turns it into the error envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly type: ErrorType;
  readonly code: string;
  readonly param: string | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, type: ErrorType, code: string, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = options.param;
    this.headers = options.headers ?? {};
  }
}

/** A restart or failover takes seconds; clients should not hammer the service meanwhile. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The catalogue: every error the service raises is made here. */
export const errors = {
  validation: (code: string, message: string, param?: string) =>
    new AppError(400, 'validation_error', code, message, { param }),
  unknownParameter: (param: string) =>
    new AppError(
      400,
      'validation_error',
      'unknown_parameter',
      param === '' ? 'A parameter has no name (nothing before its "=")' : `${param} is not a known parameter`,
      { param },
    ),
  /** A query string's name or value that is not valid percent-encoded UTF-8, named as far as it can be. */
  badQueryEncoding: (param: string) =>
    new AppError(
      400,
      'validation_error',
      'invalid_encoding',
      `${param === '' ? 'A parameter without a name' : param} is not valid percent-encoded UTF-8 text`,
      { param },
    ),
  invalidJson: () => new AppError(400, 'validation_error', 'invalid_json', 'The request body is not valid JSON'),
  /** Valid JSON that would reach objects' prototypes if read naively: refused whole, never stripped. */
  forbiddenKey: () =>
    new AppError(
      400,
      'validation_error',
      'forbidden_key',
      'The request body must not use "__proto__", or "prototype" inside "constructor", as a key',
    ),
  tooDeep: (maxDepth: number) =>
    new AppError(400, 'validation_error', 'too_deep', `The request body nests deeper than ${maxDepth} levels`),
  bodyTooLarge: (limitBytes: number) =>
    new AppError(413, 'validation_error', 'body_too_large', `The request body is larger than ${limitBytes} bytes`),
  unsupportedMediaType: () =>
    new AppError(
      415,
      'validation_error',
      'unsupported_media_type',
      'The request body must be sent as application/json',
    ),
  unauthenticated: (message = 'A valid API token is required: send Authorization: Bearer <token>') =>
    new AppError(401, 'authentication_error', 'unauthenticated', message),
  forbidden: (code: string, message: string) => new AppError(403, 'authorization_error', code, message),
  insufficientScope: (scope: string) =>
    new AppError(
      403,
      'authorization_error',
      'insufficient_scope',
      scope === 'account:admin' ? 'Only an admin can do this' : `This request needs the ${scope} scope`,
    ),
  invalidCredentials: () =>
    new AppError(401, 'authentication_error', 'invalid_credentials', 'The e-mail or the password is not right'),
  notFound: (what: string) => new AppError(404, 'not_found_error', 'not_found', `${what} not found`),
  routeNotFound: (method: string, url: string) =>
    new AppError(404, 'not_found_error', 'route_not_found', `No route ${method} ${url.split('?')[0]}`),
  conflict: (code: string, message: string, param?: string) =>
    new AppError(409, 'conflict_error', code, message, { param }),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(429, 'rate_limit_error', 'rate_limited', `Too many requests; retry in ${retryAfterSeconds} s`, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  unavailable: (message: string) => new AppError(503, 'api_error', 'unavailable', message),
  databaseUnavailable: (cause?: unknown) =>
    new AppError(503, 'api_error', 'database_unavailable', 'The database is not reachable right now; retry shortly', {
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      cause,
    }),
  /** Nobody reads it: the client closed the request and its queries were cancelled. */
  clientClosedRequest: () =>
    new AppError(499, 'api_error', 'client_closed_request', 'The request was closed before its answer was ready'),
  internal: () =>
    new AppError(
      500,
      'api_error',
      'internal_error',
      'Something went wrong on our side; the request id identifies it in our logs',
    ),
};

export interface ErrorEnvelopeBody {
  error: {
    type: ErrorType;
    code: string;
    param?: string;
    message: string;
    http_status_code: number;
    request_id: string;
  };
}

export function toEnvelope(error: AppError, requestId: string): ErrorEnvelopeBody {
  return {
    error: {
      type: error.type,
      code: error.code,
      ...(error.param === undefined ? {} : { param: error.param }),
      message: error.message,
      http_status_code: error.status,
      request_id: requestId,
    },
  };
}
