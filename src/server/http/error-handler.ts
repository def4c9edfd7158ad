import type { FastifyError, FastifyInstance } from 'fastify';
import { ReadAbandonedError } from '../db/abandoned-reads.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { AppError, errors, toEnvelope } from '../errors.ts';
import { validationErrorToAppError } from './validation.ts';

const BODY_LIMIT_BYTES = 1024 * 1024;

/** Maps anything thrown while handling a request to an AppError; unknown errors become a bare 500. */
function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation && fastifyError.validation.length > 0 && fastifyError.validation[0]) {
    return validationErrorToAppError(
      fastifyError.validation[0] as Parameters<typeof validationErrorToAppError>[0],
      fastifyError.validationContext ?? 'body',
    );
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.bodyTooLarge(BODY_LIMIT_BYTES);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.unsupportedMediaType();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return errors.invalidJson();
    default:
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return errors.invalidJson();
  if (error instanceof ReadAbandonedError) return errors.clientClosedRequest();
  if (isDatabaseUnavailable(error)) return errors.databaseUnavailable(error);
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return errors.validation('bad_request', 'The request could not be read');
  }
  return errors.internal();
}

export function registerErrorHandling(app: FastifyInstance): void {
  // A request answered before its body arrived in full (refused for its credentials, its type, its size
  // or its route) is answered with `Connection: close`. Kept open, the connection would wait for the rest
  // of a body no one reads, and stopping the server would wait for that connection.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) void reply.header('connection', 'close');
    done(null, payload);
  });
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'database_unavailable') {
      // The connection errors are already logged once by the pool; one line per request is enough here.
      request.log.warn({ code: appError.code, reason: error.message }, 'database unavailable');
    } else if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, appError.message);
    }
    void reply
      .code(appError.status)
      .headers(appError.headers)
      .header('x-request-id', request.id)
      .send(toEnvelope(appError, request.id));
  });
}

export const bodyLimitBytes = BODY_LIMIT_BYTES;
