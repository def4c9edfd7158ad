import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../api/schemas/common.ts';
import { SessionList, SessionReadQuery, SessionsQuery } from '../../../api/schemas/sessions.ts';
import { Type } from 'typebox';
import { requirePrincipal } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { readingFor } from '../../http/abandoned-requests.ts';
import { operation } from '../../http/route-schema.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { compressed } from '../../http/compression.ts';
import { SessionEventPage, SessionEventsQuery } from '../../../api/schemas/session-events.ts';
import { listSessionEvents } from './session-events.service.ts';
import { getSession, listSessions } from './sessions.service.ts';
import { SessionValues, SessionValuesQuery } from '../../../api/schemas/session-values.ts';
import { VALUE_DAYS, listSessionValues } from './session-values.ts';

/** `reader` serves the reads that may run long (the list and the values); `db` the rest. */
export const sessionsRoutes: FastifyPluginAsyncTypebox<{ db: Db; reader: Db; publicUrl: string }> = async (
  app,
  { db, reader, publicUrl },
) => {
  app.get('/v1/sessions', {
    ...compressed,
    config: { scope: 'users.sessions:read' },
    schema: {
      ...operation({
        tag: 'Sessions',
        operationId: 'getSessions',
        summary: 'List recorded sessions',
        description:
          'Newest first by creation_timestamp, ties by id descending. `date_from` is inclusive and `date_to` exclusive; ' +
          'relative strings, ISO dates and date-times without offset are read in `tz`. When a date filter is given, ' +
          '`date_range` tells the instants used.',
        scope: 'users.sessions:read',
        success: { 200: SessionList },
      }),
      querystring: SessionsQuery,
    },
    // Filters over millions of sessions can take seconds: a request its client abandons stops them.
    handler: async (request, reply) =>
      sendJsonText(
        reply,
        await listSessions(readingFor(reader, reply), requirePrincipal(request).accountId, request.query, {
          publicUrl,
        }),
      ),
  });

  app.get('/v1/sessions/values', {
    config: { scope: 'users.sessions:read' },
    schema: {
      ...operation({
        tag: 'Sessions',
        operationId: 'listSessionValues',
        summary: "A list filter's stored values, for suggestions",
        description:
          `The values \`field\` takes in the account's sessions, each with the sessions that started since the UTC day ${VALUE_DAYS} ` +
          'days ago (as `date_from=TODAY-30DAYS&tz=UTC`), most first, written as the filter of GET /v1/sessions takes them. `visitor_param` lists the ' +
          "parameters' names, or with `name` that parameter's values. `url`, `start_url` and `referrer` list the " +
          'distinct texts stored (lower-cased, shortest first, without counts) that contain `q`.',
        scope: 'users.sessions:read',
        success: { 200: SessionValues },
      }),
      querystring: SessionValuesQuery,
    },
    handler: (request) => listSessionValues(reader, requirePrincipal(request).accountId, request.query),
  });

  app.get('/v1/sessions/:id', {
    ...compressed,
    config: { scope: 'users.sessions:read' },
    schema: {
      ...operation({
        tag: 'Sessions',
        operationId: 'getSession',
        summary: 'Get one session',
        description:
          'Opening a session as a signed-in person marks it `seen`; reading it with an API token, or with `peek=true`, does not.',
        scope: 'users.sessions:read',
        success: { 200: Type.Ref('Session') },
      }),
      params: IdParams,
      querystring: SessionReadQuery,
    },
    handler: async (request, reply) => {
      const principal = requirePrincipal(request);
      const markSeen = principal.kind === 'user' && request.query.peek !== true;
      return sendJsonText(reply, await getSession(db, principal.accountId, request.params.id, { publicUrl, markSeen }));
    },
  });

  app.get('/v1/sessions/:id/events', {
    ...compressed,
    config: { scope: 'users.sessions:read' },
    schema: {
      ...operation({
        tag: 'Sessions',
        operationId: 'getSessionEvents',
        summary: "A session's recorded events, in time order",
        description:
          'Page views, clicks, rage and error clicks, console messages, JavaScript errors with their stack, network ' +
          'requests and failures, custom events and identify calls, each with its details. Follow `next_cursor` for more.',
        scope: 'users.sessions:read',
        success: { 200: SessionEventPage },
      }),
      params: IdParams,
      querystring: SessionEventsQuery,
    },
    handler: (request) => listSessionEvents(db, requirePrincipal(request).accountId, request.params.id, request.query),
  });
};
