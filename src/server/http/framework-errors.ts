import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors, toEnvelope } from '../errors.ts';
import { randomBase62 } from '../lib/ids.ts';

/** The one request id format, for requests Fastify routes and for those Node refuses before it can. */
export function newRequestId(): string {
  return `req_${randomBase62(20)}`;
}

function frameworkErrorToAppError(error: FastifyError): AppError {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return errors.validation('invalid_url', 'The URL path is not valid percent-encoding');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return errors.validation('too_long', 'A path parameter is longer than any id');
    default:
      return errors.validation('bad_request', 'The request could not be read');
  }
}

/**
 * Requests Fastify refuses while routing (bad percent-encoding, a path parameter over the router's
 * limit): no hook has run yet, so the request id header is set here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError = frameworkErrorToAppError(error);
  request.log.info({ code: appError.code, status: appError.status }, appError.message);
  void reply.code(appError.status).header('x-request-id', request.id).send(toEnvelope(appError, request.id));
}

function clientErrorToAppError(error: Error & { code?: string }): AppError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new AppError(431, 'validation_error', 'headers_too_large', 'The request headers are larger than 16 KiB');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return new AppError(408, 'validation_error', 'request_timeout', 'The request did not arrive in time');
    default:
      return errors.validation('malformed_request', 'The request is not valid HTTP/1.1');
  }
}

/**
 * Node answers requests it cannot parse (a malformed request line, headers over 16 KiB, a bad
 * Content-Length or chunk, a request that takes too long) without Fastify: this writes that answer in
 * the error envelope, with the request id in both the header and the body, and closes the connection.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = clientErrorToAppError(error);
  const requestId = newRequestId();
  this.log.info(
    { reqId: requestId, code: appError.code, status: appError.status, parserError: error.code },
    appError.message,
  );
  if (socket.writable) {
    const body = JSON.stringify(toEnvelope(appError, requestId));
    socket.write(
      `HTTP/1.1 ${appError.status} ${http.STATUS_CODES[appError.status] ?? 'Error'}\r\n` +
        `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * HTTP/1.1 requires a Host header. Node would refuse a request without one itself, with an empty body;
 * it lets them through (see `http.requireHostHeader` in app.ts) so the refusal is in the envelope.
 */
export function registerHostCheck(app: FastifyInstance): void {
  // A callback hook: every request passes through it, and an async one costs a promise each.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      done(errors.validation('missing_host', 'An HTTP/1.1 request must have a Host header'));
      return;
    }
    done();
  });
}
