import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BlockedAddressError,
  checkWebhookUrl,
  guardedLookup,
  isPublicAddress,
  type UrlCheck,
} from './address-guard.ts';

describe('isPublicAddress', () => {
  const rejected: [string, string][] = [
    ['IPv4 loopback', '127.0.0.1'],
    ['IPv4 loopback, end of 127/8', '127.255.255.254'],
    ['unspecified', '0.0.0.0'],
    ['"this network" 0/8', '0.1.2.3'],
    ['private 10/8', '10.0.0.1'],
    ['private 10/8, end', '10.255.255.255'],
    ['private 172.16/12', '172.16.0.1'],
    ['private 172.16/12, end', '172.31.255.255'],
    ['private 192.168/16', '192.168.1.1'],
    ['CGNAT 100.64/10', '100.64.0.1'],
    ['CGNAT 100.64/10, end', '100.127.255.255'],
    ['link-local 169.254/16', '169.254.0.1'],
    ['cloud metadata', '169.254.169.254'],
    ['multicast', '224.0.0.1'],
    ['multicast, SSDP', '239.255.255.250'],
    ['broadcast', '255.255.255.255'],
    ['reserved 240/4', '240.0.0.1'],
    ['benchmarking 198.18/15', '198.18.0.1'],
    ['benchmarking 198.18/15, end', '198.19.255.255'],
    ['documentation 192.0.2/24', '192.0.2.1'],
    ['documentation 198.51.100/24', '198.51.100.1'],
    ['documentation 203.0.113/24', '203.0.113.1'],
    ['IETF protocol assignments 192.0.0/24', '192.0.0.1'],
    ['IETF protocol assignments, 192.0.0.170', '192.0.0.170'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv6 link-local', 'fe80::1'],
    ['IPv6 link-local, end of fe80::/10', 'febf::1'],
    ['IPv6 link-local with zone id', 'fe80::1%eth0'],
    ['global address with zone id', '2606:4700:4700::1111%eth0'],
    ['unique-local fc00::/7', 'fc00::1'],
    ['unique-local fd00::/8', 'fd12:3456::1'],
    ['deprecated site-local', 'fec0::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['IPv6 multicast, site', 'ff05::1:3'],
    ['IPv6 documentation 2001:db8::/32', '2001:db8::1'],
    ['IPv6 discard prefix', '100::1'],
    ['IPv4-mapped loopback, dotted', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
    ['IPv4-compatible (deprecated) loopback', '::127.0.0.1'],
    ['IPv4-translated loopback', '::ffff:0:7f00:1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['NAT64 of private', '64:ff9b::10.0.0.1'],
    ['NAT64 local-use prefix', '64:ff9b:1::808:808'],
    ['6to4 of loopback', '2002:7f00:1::1'],
    ['6to4 of metadata', '2002:a9fe:a9fe::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['empty string', ''],
    ['host name', 'localhost'],
    ['decimal IPv4 spelling', '2130706433'],
    ['hex IPv4 spelling', '0x7f.0.0.1'],
    ['short IPv4 spelling', '127.1'],
    ['leading-zero octet', '010.0.0.1'],
    ['octet out of range', '256.1.1.1'],
    ['three octets', '1.2.3'],
    ['bracketed IPv6', '[::1]'],
    ['surrounding whitespace', ' 8.8.8.8'],
    ['IPv4 with port', '8.8.8.8:80'],
    ['CIDR', '8.8.8.0/24'],
    ['garbage', 'not an address'],
  ];

  it.each(rejected)('rejects %s (%s)', (_label, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  const accepted: [string, string][] = [
    ['Google DNS', '8.8.8.8'],
    ['Cloudflare DNS', '1.1.1.1'],
    ['just below 172.16/12', '172.15.255.255'],
    ['just above 172.16/12', '172.32.0.1'],
    ['just below CGNAT', '100.63.255.255'],
    ['just above CGNAT', '100.128.0.1'],
    ['just outside 10/8', '11.0.0.1'],
    ['Cloudflare DNS over IPv6', '2606:4700:4700::1111'],
    ['Google DNS over IPv6', '2001:4860:4860::8888'],
    ['IPv4-mapped public address', '::ffff:8.8.8.8'],
    ['NAT64 of a public address', '64:ff9b::808:808'],
    ['6to4 of a public address', '2002:808:808::1'],
  ];

  it.each(accepted)('accepts %s (%s)', (_label, address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

/** Fails the test if called: literal IPs and local names must be decided without DNS. */
const resolveMustNotBeCalled = (host: string): Promise<string[]> => {
  throw new Error(`resolve should not have been called for ${host}`);
};
const resolveToPublic = async (): Promise<string[]> => ['93.184.215.14'];
const strict = { allowHttp: false, allowPrivate: false, resolve: resolveMustNotBeCalled };

function expectRejected(result: UrlCheck, code: string): void {
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.code).toBe(code);
}

describe('checkWebhookUrl', () => {
  it('accepts a public https URL and returns the parsed URL', async () => {
    const result = await checkWebhookUrl('https://hooks.example.com/in/abc?x=1', {
      ...strict,
      resolve: resolveToPublic,
    });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.url.href).toBe('https://hooks.example.com/in/abc?x=1');
  });

  it.each(['https://8.8.8.8/hook', 'https://[2606:4700:4700::1111]/hook', 'https://1.1.1.1:8443/'])(
    'accepts the public literal %s without resolving',
    async (raw) => {
      expect((await checkWebhookUrl(raw, strict)).ok).toBe(true);
    },
  );

  it.each(['not a url', '', '/relative/path', 'https://', 'https://exa mple.com/', 'https://[fe80::1%25eth0]/'])(
    'rejects the unparseable %j as invalid_url',
    async (raw) => {
      expectRejected(await checkWebhookUrl(raw, strict), 'invalid_url');
    },
  );

  it.each([
    ['decimal', 'https://2130706433/'],
    ['hex', 'https://0x7f.1/'],
    ['hex, single number', 'https://0x7f000001/'],
    ['octal', 'https://017700000001/'],
    ['octal dotted', 'https://0177.0.0.1/'],
    ['short form', 'https://127.1/'],
    ['trailing dot', 'https://127.0.0.1./'],
    ['dotted loopback', 'https://127.0.0.1/'],
    ['IPv6 loopback', 'https://[::1]/'],
    ['IPv4-mapped, dotted', 'https://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped, hex', 'https://[::ffff:7f00:1]/'],
    ['unspecified', 'https://0.0.0.0/'],
    ['unspecified, short', 'https://0/'],
    ['metadata with path', 'https://169.254.169.254/latest/meta-data/'],
    ['private with port', 'https://10.0.0.1:8443/hook'],
    ['IPv6 link-local', 'https://[fe80::1]/'],
    ['IPv6 unique-local', 'https://[fd00::1]/'],
  ])('rejects the %s spelling %s as internal_address', async (_label, raw) => {
    expectRejected(await checkWebhookUrl(raw, strict), 'internal_address');
  });

  it.each([
    'https://localhost/',
    'https://LOCALHOST:3000/',
    'https://localhost./',
    'https://api.localhost/',
    'https://printer.local/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://router.home.arpa/',
  ])('rejects the local name %s even if it would resolve publicly', async (raw) => {
    const result = await checkWebhookUrl(raw, { ...strict, resolve: resolveToPublic });
    expectRejected(result, 'internal_address');
  });

  it('refuses http by default and allows it with allowHttp', async () => {
    expectRejected(await checkWebhookUrl('http://8.8.8.8/hook', strict), 'insecure_url');
    expect((await checkWebhookUrl('http://8.8.8.8/hook', { ...strict, allowHttp: true })).ok).toBe(true);
  });

  it.each(['ftp://8.8.8.8/', 'file:///etc/passwd', 'javascript:alert(1)', 'ws://8.8.8.8/', 'gopher://8.8.8.8/'])(
    'refuses the non-http scheme %s even with allowHttp',
    async (raw) => {
      expectRejected(await checkWebhookUrl(raw, { ...strict, allowHttp: true }), 'insecure_url');
    },
  );

  it.each([
    'https://alice:s3cret@hooks.example.com/',
    'https://alice@hooks.example.com/',
    'https://:s3cret@hooks.example.com/',
  ])('rejects credentials in %s without echoing them', async (raw) => {
    const result = await checkWebhookUrl(raw, { ...strict, resolve: resolveToPublic });
    expectRejected(result, 'url_has_credentials');
    if (!result.ok) {
      expect(result.message).not.toContain('s3cret');
      expect(result.message).not.toContain('alice');
    }
  });

  it('rejects a host name when any resolved address is private, naming only the host', async () => {
    const resolve = vi.fn(async () => ['93.184.215.14', '10.0.0.5']);
    const result = await checkWebhookUrl('https://rebind.example.com/secret-path?token=abc', { ...strict, resolve });
    expect(resolve).toHaveBeenCalledWith('rebind.example.com');
    expectRejected(result, 'internal_address');
    if (!result.ok) {
      expect(result.message).toContain('rebind.example.com');
      expect(result.message).not.toContain('10.0.0.5');
      expect(result.message).not.toContain('secret-path');
      expect(result.message).not.toContain('token');
    }
  });

  it('rejects a host name that resolves to the IPv4-mapped form of loopback', async () => {
    const result = await checkWebhookUrl('https://sneaky.example.com/', {
      ...strict,
      resolve: async () => ['::ffff:127.0.0.1'],
    });
    expectRejected(result, 'internal_address');
  });

  it('accepts the URL when resolution fails (delivery re-checks at connection time)', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    const result = await checkWebhookUrl('https://not-yet-live.example.com/', {
      ...strict,
      resolve: async () => {
        throw notFound;
      },
    });
    expect(result.ok).toBe(true);
  });

  it('accepts the URL when resolution takes longer than 2 s', async () => {
    vi.useFakeTimers();
    try {
      const pending = checkWebhookUrl('https://slow-dns.example.com/', {
        ...strict,
        resolve: () => new Promise<string[]>(() => {}),
      });
      await vi.advanceTimersByTimeAsync(2_000);
      expect((await pending).ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('uses the system resolver by default and accepts a name that does not exist', async () => {
    // .invalid never resolves (RFC 6761): ENOTFOUND, or the 2 s timeout without network.
    const result = await checkWebhookUrl('https://no-such-host.invalid/', { allowHttp: false, allowPrivate: false });
    expect(result.ok).toBe(true);
  }, 5_000);

  it.each([
    'https://127.0.0.1/',
    'https://[::1]/',
    'https://localhost:8443/',
    'https://2130706433/',
    'https://intranet.corp/',
  ])('lets %s through with allowPrivate, without resolving', async (raw) => {
    expect((await checkWebhookUrl(raw, { ...strict, allowPrivate: true })).ok).toBe(true);
  });

  it('still enforces scheme and credentials with allowPrivate', async () => {
    const options = { ...strict, allowPrivate: true };
    expectRejected(await checkWebhookUrl('http://127.0.0.1/', options), 'insecure_url');
    expectRejected(await checkWebhookUrl('https://a:b@127.0.0.1/', options), 'url_has_credentials');
  });
});

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
