const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

interface ParsedOrigin {
  hostname: string;
  port: string;
}

/** The host and port of an http(s) `Origin` header; null for `null`, other schemes and garbage. */
export function parseOrigin(origin: string): ParsedOrigin | null {
  if (!URL.canParse(origin)) return null;
  const url = new URL(origin);
  const defaultPort = DEFAULT_PORTS[url.protocol];
  // An origin is scheme, host and port: anything more is not an Origin header a browser sends.
  if (!defaultPort || url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  return { hostname: url.hostname, port: url.port || defaultPort };
}

function isLocal(hostname: string): boolean {
  return LOCAL_HOSTNAMES.has(hostname) || hostname.endsWith('.localhost');
}

/**
 * Whether a page at `origin` may send events for a website registered with `websiteHost`: its host
 * is the website's host or a subdomain of it (a site registered as example.com is also served at
 * www.example.com), over http or https. A website host with a port accepts only that port. Local
 * origins (localhost, 127.0.0.1, [::1]) are accepted for every website only when `allowLocalhost`.
 */
export function isOriginAllowed(origin: string, websiteHost: string, allowLocalhost: boolean): boolean {
  const parsed = parseOrigin(origin);
  if (!parsed) return false;
  if (isLocal(parsed.hostname)) return allowLocalhost;
  const [hostname = '', port] = websiteHost.toLowerCase().split(':');
  if (port !== undefined && port !== parsed.port) return false;
  return parsed.hostname === hostname || parsed.hostname.endsWith(`.${hostname}`);
}

/**
 * The website hosts that would accept `origin`: its host name and each parent domain, each also with
 * the origin's port. A preflight carries no body, hence no key, so it is answered for any website
 * whose host is among these.
 */
export function candidateWebsiteHosts(origin: string): string[] {
  const parsed = parseOrigin(origin);
  if (!parsed || isLocal(parsed.hostname)) return [];
  const labels = parsed.hostname.split('.');
  const hosts: string[] = [];
  for (let start = 0; start < labels.length - 1; start++) {
    const host = labels.slice(start).join('.');
    hosts.push(host, `${host}:${parsed.port}`);
  }
  return hosts.length > 0 ? hosts : [parsed.hostname, `${parsed.hostname}:${parsed.port}`];
}

export function isLocalOrigin(origin: string): boolean {
  const parsed = parseOrigin(origin);
  return parsed !== null && isLocal(parsed.hostname);
}
