import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-guard.ts';

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
