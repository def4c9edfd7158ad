import type { FastifyInstance } from 'fastify';
import { errors } from '../errors.ts';
import { isApiPath } from './api-paths.ts';

/** `text` decoded as a query string's name or value is ("+" a space), or null when it is not valid. */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * The first parameter of a query string whose name or value is not valid percent-encoded UTF-8 ("%FF", a
 * "%" without two hex digits, a character cut short like "%E2%82"), named as far as it can be; null when
 * every one is valid. The query string parser would keep such text as it came, and a filter would then
 * look for "%FF" itself.
 */
export function badlyEncodedParameter(query: string): string | null {
  for (const pair of query.split('&')) {
    if (!pair.includes('%')) continue;
    const equals = pair.indexOf('=');
    const rawName = equals < 0 ? pair : pair.slice(0, equals);
    const name = decoded(rawName);
    if (name === null) return rawName;
    if (equals >= 0 && decoded(pair.slice(equals + 1)) === null) return name;
  }
  return null;
}

/**
 * Refuses a request to the API whose query string is not valid percent-encoded UTF-8 with a 400 naming the
 * parameter, before any route reads it. Only query strings holding a "%" are looked at. A dashboard page's
 * query string is the page's to read: a link with a stray "%" opens the page, which names what it left out.
 */
export function registerQueryEncodingCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.raw.url ?? '';
    const start = url.indexOf('?');
    const bad =
      start >= 0 && url.includes('%', start) && isApiPath(url) ? badlyEncodedParameter(url.slice(start + 1)) : null;
    if (bad === null) return done();
    done(errors.badQueryEncoding(bad));
  });
}
