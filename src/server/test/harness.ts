import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Scope } from '../../api/schemas/common.ts';
import { SCOPES } from '../../api/schemas/common.ts';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createAccount } from '../features/accounts/accounts.service.ts';
import { createApiToken } from '../features/tokens/tokens.service.ts';
import { createWebsite } from '../features/websites/websites.service.ts';

export interface TestDatabase {
  label: 'sqlite' | 'postgres';
  url: string;
  drop(): Promise<void>;
}

let migratedSqlite: Promise<string> | undefined;

/** A SQLite file migrated once per test process; closing it folds the write-ahead log into the file. */
function migratedSqliteTemplate(): Promise<string> {
  migratedSqlite ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-template-'));
    const file = path.join(dir, 'template.db');
    const handle = openDatabase(file);
    await migrateToLatest(handle.db);
    await handle.close();
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    return file;
  })();
  return migratedSqlite;
}

/**
 * A fresh database: a temp SQLite file, or a new schema on TEST_DATABASE_URL's PostgreSQL. Empty, or with
 * `migrated` at the latest migration (on SQLite a copy of a file migrated once, much cheaper than migrating).
 */
export async function createTestDatabase(
  kind: 'sqlite' | 'postgres',
  { migrated = false }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-test-'));
    const url = path.join(dir, 'test.db');
    if (migrated) fs.copyFileSync(await migratedSqliteTemplate(), url);
    return {
      label: 'sqlite',
      url,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  if (migrated) {
    const handle = openDatabase(url.toString(), { poolSize: 1 });
    await migrateToLatest(handle.db);
    await handle.close();
  }
  return {
    label: 'postgres',
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** The databases the API suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is given. */
export const testDatabaseKinds: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestAccount {
  accountId: string;
  websiteId: string;
  /** A token with every scope. */
  token: string;
  tokenWith(scopes: Scope[]): Promise<string>;
}

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Creates an account with one website and an all-scopes token. */
  newAccount(name?: string): Promise<TestAccount>;
  request(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * Runs `suite` once per database kind against the real app (built with `buildApp`, exercised with inject).
 * `env` overrides configuration variables.
 */
export function describeApi(
  name: string,
  suite: (context: () => TestContext) => void,
  env: Record<string, string> = {},
) {
  for (const kind of testDatabaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let testDb: TestDatabase;
      let current: TestContext;
      beforeAll(async () => {
        testDb = await createTestDatabase(kind, { migrated: true });
        const config = loadConfig({
          LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
          DEMO_DATA: 'false',
          PUBLIC_URL: 'https://app.example.test',
          ...env,
          DATABASE_URL: testDb.url,
        });
        // Reader threads as the server runs them (SQLITE_READERS): the finding routes' reads go there.
        const database = openDatabase(config.DATABASE_URL, { poolSize: 4, readers: config.SQLITE_READERS });
        const app = await buildApp({ config, database, webRoot: path.join(os.tmpdir(), 'no-web-root') });
        await app.ready();
        current = {
          app,
          database,
          config,
          async newAccount(accountName) {
            const account = await createAccount(
              database.db,
              accountName ?? `acct-${crypto.randomBytes(4).toString('hex')}`,
            );
            const website = await createWebsite(database.db, {
              accountId: account.id,
              host: 'shop.example.com',
              name: 'Shop',
            });
            const tokenWith = async (scopes: Scope[]) =>
              (
                await createApiToken(database.db, {
                  accountId: account.id,
                  name: `test token (${scopes.length} scopes)`,
                  scopes,
                })
              ).token;
            return { accountId: account.id, websiteId: website.id, token: await tokenWith([...SCOPES]), tokenWith };
          },
          request(token, options) {
            const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(options.headers ?? {}) };
            return app.inject({ ...options, headers });
          },
        };
      });
      afterAll(async () => {
        await current?.app.close();
        await current?.database.close();
        await testDb?.drop();
      });
      suite(() => current);
    });
  }
}
