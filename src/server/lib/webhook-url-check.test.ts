import { describe, expect, it, vi } from 'vitest';
import { checkWebhookUrl, type UrlCheck } from './address-guard.ts';

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
