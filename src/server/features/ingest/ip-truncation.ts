import net from 'node:net';

/**
 * The address with its host part zeroed, as an account that keeps no full addresses stores it: the
 * network of 256 addresses for IPv4 (/24), and the /48 a site is usually given for IPv6. Anything that
 * is not an address is stored as an empty string.
 */
export function truncateIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = net.isIP(address);
  if (family === 4) return address.replace(/\.\d+$/, '.0');
  if (family !== 6) return '';
  const network = `${expandIpv6(address).slice(0, 3).join(':')}::`;
  // Written back in the canonical short form (2001:db8::, not 2001:db8:0::).
  return new net.SocketAddress({ address: network, family: 'ipv6' }).address;
}

/** The eight 16-bit groups of an IPv6 address, "::" expanded, without leading zeros. */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => (parseInt(group, 16) || 0).toString(16));
}
