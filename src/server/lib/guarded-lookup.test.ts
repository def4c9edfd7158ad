import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedAddressError, guardedLookup, isPublicAddress } from './address-guard.ts';

type LookupResult = { address: string | LookupAddress[]; family: number | undefined };

function lookupAsync(
  lookup: ReturnType<typeof guardedLookup>,
  hostname: string,
  options: { all?: boolean } = {},
): Promise<LookupResult> {
  return new Promise((resolve, reject) => {
    lookup(hostname, options, (error, address, family) => {
      if (error) reject(error);
      else resolve({ address, family });
    });
  });
}

describe('guardedLookup', () => {
  it('fails for localhost in the single-address form', async () => {
    const error: unknown = await lookupAsync(guardedLookup(), 'localhost').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error).toMatchObject({ code: 'EADDRNOTAVAIL', hostname: 'localhost' });
    expect((error as Error).message).toContain('localhost');
  });

  it('fails for localhost in the all: true form', async () => {
    await expect(lookupAsync(guardedLookup(), 'localhost', { all: true })).rejects.toMatchObject({
      code: 'EADDRNOTAVAIL',
    });
  });

  it('returns loopback for localhost with allowPrivate, in both forms', async () => {
    const lookup = guardedLookup({ allowPrivate: true });
    const single = await lookupAsync(lookup, 'localhost');
    expect(typeof single.address).toBe('string');
    expect(isPublicAddress(single.address as string)).toBe(false);
    expect([4, 6]).toContain(single.family);

    const all = await lookupAsync(lookup, 'localhost', { all: true });
    expect(Array.isArray(all.address)).toBe(true);
    expect((all.address as LookupAddress[]).length).toBeGreaterThan(0);
  });

  it('passes public addresses through in both forms', async () => {
    // dns.lookup answers IP literals itself, so this needs no network.
    expect(await lookupAsync(guardedLookup(), '8.8.8.8')).toEqual({ address: '8.8.8.8', family: 4 });
    expect(await lookupAsync(guardedLookup(), '8.8.8.8', { all: true })).toEqual({
      address: [{ address: '8.8.8.8', family: 4 }],
      family: undefined,
    });
  });

  it('blocks a private literal handed to it directly', async () => {
    await expect(lookupAsync(guardedLookup(), '169.254.169.254')).rejects.toBeInstanceOf(BlockedAddressError);
  });

  describe('as the lookup of a real http request', () => {
    let server: http.Server;
    let port = 0;
    let requests = 0;
    let connections = 0;

    beforeAll(async () => {
      server = http.createServer((_req, res) => {
        requests += 1;
        res.end('ok');
      });
      server.on('connection', () => {
        connections += 1;
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });

    afterAll(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    });

    function get(lookup: ReturnType<typeof guardedLookup>): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        // agent: false so no pooled keep-alive socket outlives the test.
        const request = http.get({ host: 'localhost', port, path: '/', agent: false, lookup }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
      });
    }

    it('refuses to connect to localhost: the server sees no connection or request', async () => {
      const error: unknown = await get(guardedLookup()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BlockedAddressError);
      expect(error).toMatchObject({ code: 'EADDRNOTAVAIL' });
      expect(connections).toBe(0);
      expect(requests).toBe(0);
    });

    it('connects with allowPrivate', async () => {
      const response = await get(guardedLookup({ allowPrivate: true }));
      expect(response).toEqual({ status: 200, body: 'ok' });
      expect(requests).toBe(1);
    });
  });
});
