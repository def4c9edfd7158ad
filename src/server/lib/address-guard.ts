/**
 * SSRF protection for webhook targets: keeps outgoing requests off loopback, private, link-local
 * (cloud metadata) and other non-public networks.
 *
 * Two layers:
 * - `checkWebhookUrl` runs when a webhook is registered, so users get a clear error early.
 * - `guardedLookup` is passed as `lookup` to the delivery HTTP client, so the check is repeated at
 *   connection time on the addresses actually used; redirects and DNS rebinding (a name that
 *   resolves publicly at registration and privately later) cannot get past it.
 *   Node skips `lookup` for IP-literal hosts, so the delivery client must still run
 *   `isPublicAddress` (or `checkWebhookUrl`) on literal hosts itself.
 */
import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** IPv6 global unicast space (RFC 4291); everything outside it is special-purpose or unassigned. */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** Well-known NAT64 prefix (RFC 6052); the last 32 bits are the IPv4 destination. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
/** 6to4 (RFC 3056); bits 16..47 are the IPv4 address of the relay/site. */
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

/** Names that never denote a public host (RFC 6761, RFC 6762, RFC 8375, and the de-facto `.internal`). */
const LOCAL_NAME_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa'] as const;

const RESOLVE_TIMEOUT_MS = 2_000;

/** True only for globally routable unicast addresses. */
export function isPublicAddress(address: string): boolean {
  // net.isIP is strict (dotted-quad IPv4 only), whereas ipaddr.js would also accept spellings
  // such as "0x7f.1"; anything that is not a plain address is refused rather than interpreted.
  const family = net.isIP(address);
  if (family === 4) return isPublicV4(ipaddr.IPv4.parse(address));
  if (family === 6) return isPublicV6(ipaddr.IPv6.parse(address));
  return false;
}

function isPublicV4(address: ipaddr.IPv4): boolean {
  // Allow-list: ipaddr.js classifies every special-purpose block (private, loopback, CGNAT,
  // link-local, multicast, broadcast, reserved, benchmarking, documentation, 192.0.0/24, ...)
  // as something other than "unicast", so ranges it learns about later are refused too.
  return address.range() === 'unicast';
}

function isPublicV6(address: ipaddr.IPv6): boolean {
  // A zone id only makes sense for link-local targets; never let one select an interface.
  if (address.zoneId !== undefined) return false;

  // Forms that carry an IPv4 destination are judged by that destination, so ::ffff:127.0.0.1
  // or 64:ff9b::a9fe:a9fe cannot reach loopback or metadata through the IPv6 door.
  if (address.isIPv4MappedAddress()) return isPublicV4(address.toIPv4Address());
  if (address.match(NAT64_WELL_KNOWN)) return isPublicV4(embeddedV4(address, 6));
  if (address.match(SIX_TO_FOUR)) return isPublicV4(embeddedV4(address, 1));

  // Everything else, including Teredo (whose client address is obfuscated), the local-use NAT64
  // prefix 64:ff9b:1::/48, IPv4-compatible ::a.b.c.d and IPv4-translated ::ffff:0:a.b.c.d, falls
  // outside the allow-list below: "unicast" per ipaddr.js *and* inside 2000::/3.
  return address.range() === 'unicast' && address.match(IPV6_GLOBAL_UNICAST);
}

/** The IPv4 address held in two consecutive 16-bit groups, starting at group `first`. */
function embeddedV4(address: ipaddr.IPv6, first: number): ipaddr.IPv4 {
  const high = address.parts[first] ?? 0;
  const low = address.parts[first + 1] ?? 0;
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

export type UrlCheck =
  | { ok: true; url: URL }
  | {
      ok: false;
      code: 'invalid_url' | 'insecure_url' | 'internal_address' | 'url_has_credentials';
      message: string;
    };

export type WebhookUrlOptions = {
  /** Accept plain http (development only). */
  allowHttp: boolean;
  /** Skip the network checks entirely (development / self-hosted setups). */
  allowPrivate: boolean;
  /** Host name → addresses; defaults to the system resolver. Injected in tests. */
  resolve?: (host: string) => Promise<string[]>;
};

/** Checks a webhook URL at registration. */
export async function checkWebhookUrl(raw: string, options: WebhookUrlOptions): Promise<UrlCheck> {
  let url: URL;
  try {
    // WHATWG parsing also normalises IPv4 spellings (2130706433, 0x7f.1, 017700000001 → 127.0.0.1),
    // so the literal check below sees the address the HTTP client would actually use.
    url = new URL(raw);
  } catch {
    return reject('invalid_url', 'The webhook URL is not a valid absolute URL.');
  }

  const httpAllowed = options.allowHttp && url.protocol === 'http:';
  if (url.protocol !== 'https:' && !httpAllowed) {
    return reject(
      'insecure_url',
      options.allowHttp ? 'The webhook URL must use https or http.' : 'The webhook URL must use https.',
    );
  }

  if (url.username !== '' || url.password !== '') {
    // Credentials would be stored and sent with every delivery; use a signing secret instead.
    return reject('url_has_credentials', 'The webhook URL must not contain a user name or password.');
  }

  if (options.allowPrivate) return { ok: true, url };

  const host = bareHost(url);
  const notPublic = (): UrlCheck =>
    reject('internal_address', `The webhook host ${url.hostname} is not a public internet address.`);

  if (isLocalName(host)) return notPublic();

  if (net.isIP(host) !== 0) return isPublicAddress(host) ? { ok: true, url } : notPublic();

  let addresses: string[];
  try {
    addresses = await withTimeout((options.resolve ?? resolveWithSystem)(host), RESOLVE_TIMEOUT_MS);
  } catch {
    // The name may simply not exist yet (or DNS is slow). Accepting is safe because every
    // delivery re-checks the addresses it connects to via guardedLookup.
    return { ok: true, url };
  }
  // One private record among public ones is enough to reach an internal service.
  if (addresses.some((address) => !isPublicAddress(address))) return notPublic();
  return { ok: true, url };
}

function reject(code: Extract<UrlCheck, { ok: false }>['code'], message: string): UrlCheck {
  return { ok: false, code, message };
}

/** The host without IPv6 brackets or a trailing root dot ("localhost." is still localhost). */
function bareHost(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

function isLocalName(host: string): boolean {
  const name = host.toLowerCase();
  return LOCAL_NAME_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

async function resolveWithSystem(host: string): Promise<string[]> {
  const results = await dns.promises.lookup(host, { all: true, verbatim: true });
  return results.map((result) => result.address);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, rejectTimeout) => {
    timer = setTimeout(() => rejectTimeout(new Error(`Timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Raised by `guardedLookup` when a host resolves to a non-public address. The code mirrors the
 * errno for "address not available"; check `instanceof BlockedAddressError` to tell a refused
 * target (do not retry) from an ordinary network failure.
 */
export class BlockedAddressError extends Error {
  readonly code = 'EADDRNOTAVAIL';
  readonly syscall = 'lookup';
  readonly hostname: string;

  constructor(hostname: string) {
    super(`Refusing to connect to ${hostname}: it resolves to a private or internal network address.`);
    this.name = 'BlockedAddressError';
    this.hostname = hostname;
  }
}

/**
 * A dns.lookup-compatible function that fails with `BlockedAddressError` when any address of the
 * host is not public. Pass it as `lookup` to http/https Agents, `net.connect`/`tls.connect` or
 * undici's `connect` options so the check applies to the address actually connected to.
 */
export function guardedLookup(options: { allowPrivate?: boolean } = {}): LookupFunction {
  const allowPrivate = options.allowPrivate ?? false;

  return (hostname, lookupOptions, callback) => {
    // Always fetch every address, even for single-address callers: vetting only the first one
    // would let a mixed public/private answer through on a later attempt (happy eyeballs, retries).
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) {
        callback(error, lookupOptions.all ? [] : '');
        return;
      }
      if (!allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
        callback(new BlockedAddressError(hostname), lookupOptions.all ? [] : '');
        return;
      }
      if (lookupOptions.all) {
        callback(null, addresses);
        return;
      }
      const first = addresses[0];
      if (!first) {
        callback(Object.assign(new Error(`No address found for ${hostname}`), { code: 'ENOTFOUND' }), '');
        return;
      }
      callback(null, first.address, first.family);
    });
  };
}
