import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { sharedSchemas } from '../../api/schemas/components.ts';
import { compressed } from './compression.ts';

export const OPENAPI_INFO = {
  title: 'Session Analytics API',
  version: '1.0.0',
  description:
    'Records visitor sessions on websites and fires alerts to chat channels and webhooks. ' +
    'Authenticate with `Authorization: Bearer <token>` (the bare token is accepted too); every error has the same envelope.',
};

/**
 * A query parameter or header that has a default is optional to the client: validation fills it in when it
 * is left out. The route's schema lists it as required so that its handler always sees a value; the
 * document must not, or a client generated from it would have to send every default.
 */
function withDefaultsOptional(schema: FastifySchema): FastifySchema {
  const relax = (part: unknown) => {
    if (!part || typeof part !== 'object') return part;
    const { properties, required } = part as {
      properties?: Record<string, { default?: unknown }>;
      required?: string[];
    };
    if (!properties || !Array.isArray(required)) return part;
    const kept = required.filter((name) => properties[name]?.default === undefined);
    return kept.length === required.length ? part : { ...part, required: kept };
  };
  const relaxed = { ...schema };
  if (schema.querystring) relaxed.querystring = relax(schema.querystring);
  if (schema.headers) relaxed.headers = relax(schema.headers);
  return relaxed;
}

/**
 * Emits the OpenAPI 3.1 document from the route schemas, serves it at /v1/openapi.json and a reference at
 * /docs. `webhooks` describes what the service sends (the delivery payloads), beside what it answers.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  { webhooks }: { webhooks: Record<string, { post: object }> },
): Promise<void> {
  for (const schema of sharedSchemas) app.addSchema(schema);
  await app.register(swagger, {
    transform: ({ schema, url }) => ({ schema: schema && withDefaultsOptional(schema), url }),
    // Components keep the names of their `$id`s, so the generated client has types called Alert, Session...
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) =>
        typeof json.$id === 'string' ? json.$id : `def-${index}`,
    },
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      // Passed through as they are. Their schemas are JSON Schema 2020-12 (as 3.1 takes), which the
      // plugin's 3.0-shaped schema types do not model, hence the cast.
      webhooks: webhooks as never,
      servers: [{ url: '/' }],
      tags: [
        { name: 'Alerts', description: 'Rules that fire on visitor events and notify a chat channel or a webhook.' },
        { name: 'Webhooks', description: 'Signed HTTP callbacks tied to a website.' },
        { name: 'Websites', description: 'The websites sessions are recorded on.' },
        { name: 'Sessions', description: 'Recorded visitor sessions.' },
        { name: 'Sign-in', description: 'Dashboard sign-in with e-mail and password.' },
        { name: 'People', description: 'The people who sign in to the dashboard, and their roles.' },
        { name: 'API tokens', description: 'Scoped tokens for programs.' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API token such as `sa_…`, created by an admin.',
          },
          apiKeyAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The same API token without `Bearer `, as clients of the hosted service send it.',
          },
          cookieAuth: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sa_session',
            description: 'The dashboard sign-in (POST /v1/auth/login).',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true, tryItOutEnabled: true } });
  app.get('/v1/openapi.json', { ...compressed, schema: { hide: true } }, () => app.swagger());
}
