import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';
import { passwordRoutes } from './auth/password.routes.ts';
import { registerAuthentication } from './auth/authenticate.ts';
import { registerRateLimit } from './auth/rate-limit.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { deliveriesRoutes } from './features/notifications/deliveries/deliveries.routes.ts';
import { accountSettingsRoutes } from './features/accounts/account-settings.routes.ts';
import { alertsRoutes } from './features/notifications/alerts/alerts.routes.ts';
import { webhooksDocumentation } from './features/notifications/outbox/payload-contract.ts';
import { notificationSettingsRoutes } from './features/notifications/notification-settings.routes.ts';
import { chatChannelLookup } from './features/notifications/alerts/chat-channel-check.ts';
import { createIpLocator } from './features/ingest/ip-location.ts';
import { ingestRoutes } from './features/ingest/ingest.routes.ts';
import { recordingIngestRoutes } from './features/recordings/recording-ingest.routes.ts';
import { recordingSettingsRoutes } from './features/recordings/recording-settings.routes.ts';
import { sessionRecordingRoutes } from './features/recordings/session-recording.routes.ts';
import { retentionRoutes } from './features/retention/retention.routes.ts';
import { sessionsRoutes } from './features/sessions/sessions.routes.ts';
import { tokensRoutes } from './features/tokens/tokens.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { viewsRoutes } from './features/views/views.routes.ts';
import { visitorsRoutes } from './features/visitors/visitors.routes.ts';
import { webhooksRoutes } from './features/notifications/webhooks/webhooks.routes.ts';
import { websitesRoutes } from './features/websites/websites.routes.ts';
import { registerCompression } from './http/compression.ts';
import { registerEmptyJsonBody } from './http/empty-json-body.ts';
import { bodyLimitBytes, registerErrorHandling } from './http/error-handler.ts';
import { answerClientError, answerFrameworkError, newRequestId, registerHostCheck } from './http/framework-errors.ts';
import { registerQueryEncodingCheck } from './http/query-encoding.ts';
import { healthRoutes } from './http/health.routes.ts';
import { registerJsonParser } from './http/json-depth.ts';
import { registerOpenApi } from './http/openapi.ts';
import { reusedSerializers } from './http/response-serializers.ts';
import { assertNoNulCharacters, validatorCompiler } from './http/validation.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWeb } from './http/web.ts';

/** dist/web under the package root, whether this file runs from src/server (tsx) or dist/server (built). */
function defaultWebRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, 'dist/web');
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where the built dashboard lives; defaults to dist/web. */
  webRoot?: string;
  /** Pino destination for tests; defaults to stdout. */
  logStream?: NodeJS.WritableStream;
  /** The built tracker served at /t.js; defaults to dist/tracker/t.js. */
  trackerFile?: string;
  /** The built replay recorder served at /r.js; defaults to dist/tracker/r.js. */
  recorderFile?: string;
}

/** Builds the whole HTTP service without listening; main.ts listens, tests inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: newRequestId,
    // Refusals made before routing are written in the error envelope too (see framework-errors.ts).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    http: { requireHostHeader: false },
    requestIdHeader: false,
    // Behind a proxy, request.ip is the visitor's address from X-Forwarded-For.
    trustProxy: config.TRUST_PROXY,
    bodyLimit: bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { removeAdditional: false } },
    schemaController: reusedSerializers,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // JSON is the only body the API speaks: without the text/plain parser every other type is a 415.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);
  // Callback hooks, not async ones: every request passes through them, and a promise each costs more.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerHostCheck(app);
  registerQueryEncodingCheck(app);
  registerEmptyJsonBody(app);
  app.addHook('preValidation', (request, _reply, done) => {
    // Unknown addresses are the dashboard's pages (which read their own address) or a 404 either way.
    if (request.is404) {
      done();
      return;
    }
    try {
      assertNoNulCharacters({ params: request.params, query: request.query, body: request.body });
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
  registerErrorHandling(app);
  registerSecurityHeaders(app, config.PUBLIC_URL);
  await registerCompression(app);
  await app.register(cookie);
  registerAuthentication(app, database.db, config.PUBLIC_URL);
  await registerRateLimit(app, config);
  await registerOpenApi(app, { webhooks: webhooksDocumentation() });

  await app.register(healthRoutes, { db: database.db });
  const chatConfigured = config.CHAT_BOT_TOKEN !== undefined;
  await app.register(alertsRoutes, {
    db: database.db,
    target: {
      chatConfigured,
      lookUpChatChannel: chatChannelLookup({ apiUrl: config.CHAT_API_URL, botToken: config.CHAT_BOT_TOKEN }, app.log),
    },
    publicUrl: config.PUBLIC_URL,
  });
  await app.register(notificationSettingsRoutes, { chatConfigured });
  await app.register(webhooksRoutes, {
    db: database.db,
    policy: { allowHttp: config.ALLOW_HTTP_WEBHOOKS, allowPrivate: config.ALLOW_PRIVATE_WEBHOOK_TARGETS },
    publicUrl: config.PUBLIC_URL,
  });
  await app.register(websitesRoutes, { db: database.db, publicUrl: config.PUBLIC_URL });
  await app.register(sessionsRoutes, { db: database.db, reader: database.reader, publicUrl: config.PUBLIC_URL });
  await app.register(visitorsRoutes, { reader: database.reader });
  await app.register(viewsRoutes, { db: database.db });
  await app.register(authRoutes, {
    db: database.db,
    publicUrl: config.PUBLIC_URL,
    signInLimits: { perAddress: config.SIGN_IN_ATTEMPTS_PER_ADDRESS, perAccount: config.SIGN_IN_ATTEMPTS_PER_ACCOUNT },
  });
  await app.register(passwordRoutes, { db: database.db });
  await app.register(tokensRoutes, { db: database.db });
  await app.register(usersRoutes, { db: database.db, publicUrl: config.PUBLIC_URL });
  await app.register(accountSettingsRoutes, { db: database.db });
  await app.register(deliveriesRoutes, { db: database.db });
  await app.register(ingestRoutes, {
    db: database.db,
    publicUrl: config.PUBLIC_URL,
    allowLocalhost: config.INGEST_ALLOW_LOCALHOST,
    trustProxy: config.TRUST_PROXY,
    locateIp: createIpLocator(config.GEOIP_DATABASE, (error) =>
      app.log.warn({ err: error }, 'The IP location database cannot be read; visitor locations stay empty'),
    ),
    batchesPerMinute: config.INGEST_BATCHES_PER_MINUTE,
    trackerFile: options.trackerFile ?? path.join(path.dirname(defaultWebRoot()), 'tracker/t.js'),
  });
  await app.register(recordingSettingsRoutes, { db: database.db });
  await app.register(sessionRecordingRoutes, { db: database.db });
  await app.register(retentionRoutes, { db: database.db });
  await app.register(recordingIngestRoutes, {
    db: database.db,
    allowLocalhost: config.INGEST_ALLOW_LOCALHOST,
    chunksPerMinute: config.RECORDING_CHUNKS_PER_MINUTE,
    recorderFile: options.recorderFile ?? path.join(path.dirname(defaultWebRoot()), 'tracker/r.js'),
  });
  await registerWeb(app, options.webRoot ?? defaultWebRoot(), config.PUBLIC_URL);
  return app;
}
