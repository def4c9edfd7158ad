/**
 * Which failures mean "the database is away for now" rather than "this request is wrong": a restart,
 * a failover, a network cut, a full pool or a lock held too long. The API answers those with 503 and
 * retry-after so clients come back, instead of a 500 that reads as a bug.
 */

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// PostgreSQL SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
// 57014 query_canceled (statement_timeout), 53300 too_many_connections; class 08 is connection_exception.
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

// node-postgres and its pool say these in words only, without a code.
const PG_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /client has encountered a connection error/i,
  /client was closed and is not queryable/i,
  /connection is not queryable/i,
];

function isUnavailableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return (
    NETWORK_CODES.has(code) ||
    POSTGRES_CODES.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    code.startsWith('SQLITE_BUSY')
  );
}

/** True when `error` (or what caused it) says the database cannot be reached or is too busy right now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || error === null || typeof error !== 'object') return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (isUnavailableCode(code)) return true;
  if (typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // A connection to a host with several addresses fails with an AggregateError of one error per address.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
