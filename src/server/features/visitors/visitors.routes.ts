import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { VisitorSearchQuery, VisitorSearchResult } from '../../../api/schemas/visitors.ts';
import { requirePrincipal } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { operation } from '../../http/route-schema.ts';
import { searchVisitors } from './visitors.service.ts';

/** `reader` serves the search (see DatabaseHandle). */
export const visitorsRoutes: FastifyPluginAsyncTypebox<{ reader: Db }> = async (app, { reader }) => {
  app.get('/v1/visitors/search', {
    config: { scope: 'users.sessions:read' },
    schema: {
      ...operation({
        tag: 'Sessions',
        operationId: 'searchVisitors',
        summary: 'Find people by name, e-mail, visitor id or session link',
        description:
          'Suggestions for a search box: a pasted session link or exact visitor or session id first, then visitors whose ' +
          'e-mail, name or id starts with `q` (e-mail and name case-insensitive), one of each kind in turn so that no ' +
          'kind crowds the others out, each kind in alphabetical order and each visitor once with its number of ' +
          'sessions. Names that start with `q` come before names holding its words in another order. A visitor whose ' +
          'e-mail and name both match is `matched_by` `email`.',
        scope: 'users.sessions:read',
        success: { 200: VisitorSearchResult },
      }),
      querystring: VisitorSearchQuery,
    },
    handler: (request) => searchVisitors(reader, requirePrincipal(request).accountId, request.query),
  });
};
