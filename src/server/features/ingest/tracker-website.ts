import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import type { WebsitesTable } from '../websites/websites.table.ts';
import { findWebsiteByPublicKey } from '../websites/websites.service.ts';
import { isOriginAllowed } from './origin-policy.ts';

/**
 * The website a public key names, if the page's origin may send for it (the rules of event batches):
 * 401 for an unknown key, 403 for another origin. Allows the origin for CORS when it may.
 */
export async function resolveTrackerWebsite(
  db: Db,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  allowLocalhost: boolean,
): Promise<WebsitesTable> {
  void reply.header('vary', 'Origin');
  const website = await findWebsiteByPublicKey(db, key);
  if (!website) throw errors.unauthenticated('The key is not the public key of a website');
  const origin = request.headers.origin;
  // No Origin: not a browser page (a server or a test); the key alone identifies the website.
  if (origin !== undefined) {
    if (!isOriginAllowed(origin, website.host, allowLocalhost)) {
      throw errors.forbidden('origin_not_allowed', `Pages at ${origin} may not send recordings for this website`);
    }
    void reply.header('access-control-allow-origin', origin);
  }
  return website;
}
