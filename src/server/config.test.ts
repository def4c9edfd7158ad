import { describe, expect, it } from 'vitest';
import { ConfigError, isPostgresUrl, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATABASE_URL: './data/app.db',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      ALLOW_HTTP_WEBHOOKS: false,
      DEMO_DATA: true,
    });
  });

  it('reads numbers and booleans from text and derives PUBLIC_URL from PORT', () => {
    const config = loadConfig({ PORT: '8080', DEMO_DATA: 'false', ALLOW_HTTP_WEBHOOKS: '1', RATE_LIMIT_MAX: '5' });
    expect(config.PORT).toBe(8080);
    expect(config.DEMO_DATA).toBe(false);
    expect(config.ALLOW_HTTP_WEBHOOKS).toBe(true);
    expect(config.RATE_LIMIT_MAX).toBe(5);
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://analytics.example.com/' }).PUBLIC_URL).toBe(
      'https://analytics.example.com',
    );
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DEMO_DATA: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('LOG_LEVEL');
    expect(message).toContain('DEMO_DATA');
  });

  it('takes REDIS_URL only as a redis:// or rediss:// URL, never echoing it back', () => {
    const url = 'rediss://:pw@cache.internal:6380/0';
    expect(loadConfig({ REDIS_URL: url }).REDIS_URL).toBe(url);
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://:hunter2@cache.internal' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: 'http://:hunter2@cache.internal' })).not.toThrow(/hunter2/);
  });

  it('reads DB_STATEMENT_TIMEOUT_MS, 30 s by default and 0 for no limit', () => {
    expect(loadConfig({}).DB_STATEMENT_TIMEOUT_MS).toBe(30_000);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' }).DB_STATEMENT_TIMEOUT_MS).toBe(0);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });

  it('runs one HTTP process by default and up to 64, never several over an in-memory database', () => {
    expect(loadConfig({}).HTTP_WORKERS).toBe(1);
    expect(loadConfig({ HTTP_WORKERS: '4', DATABASE_URL: '/var/lib/sa/app.db' }).HTTP_WORKERS).toBe(4);
    expect(() => loadConfig({ HTTP_WORKERS: '0' })).toThrow(/HTTP_WORKERS/);
    expect(() => loadConfig({ HTTP_WORKERS: '65' })).toThrow(/HTTP_WORKERS/);
    expect(() => loadConfig({ HTTP_WORKERS: 'two' })).toThrow(/HTTP_WORKERS/);
    expect(() => loadConfig({ HTTP_WORKERS: '2', DATABASE_URL: ':memory:' })).toThrow(/in-memory database/);
    expect(loadConfig({ HTTP_WORKERS: '1', DATABASE_URL: ':memory:' }).HTTP_WORKERS).toBe(1);
  });

  it('reads SQLITE_READERS, one reader thread by default, 0 for none and up to 16', () => {
    expect(loadConfig({}).SQLITE_READERS).toBe(1);
    expect(loadConfig({ SQLITE_READERS: '0' }).SQLITE_READERS).toBe(0);
    expect(loadConfig({ SQLITE_READERS: '16' }).SQLITE_READERS).toBe(16);
    expect(() => loadConfig({ SQLITE_READERS: '17' })).toThrow(/SQLITE_READERS/);
    expect(() => loadConfig({ SQLITE_READERS: '-1' })).toThrow(/SQLITE_READERS/);
    expect(() => loadConfig({ SQLITE_READERS: 'one' })).toThrow(/SQLITE_READERS/);
  });

  it('refuses a PUBLIC_URL that is not an absolute http(s) URL', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'analytics.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('tells PostgreSQL URLs from SQLite paths', () => {
    expect(isPostgresUrl('postgres://u@h/db')).toBe(true);
    expect(isPostgresUrl('postgresql://u@h/db')).toBe(true);
    expect(isPostgresUrl('./data/app.db')).toBe(false);
  });
});
