import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** IPv4-compatible addresses (`::a.b.c.d`, RFC 4291): deprecated, never a public site. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * NAT64 prefix for local translators (RFC 8215): not globally reachable, and where the IPv4
 * address sits inside it depends on the local setup, so it cannot be looked at.
 */
const LOCAL_USE_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');

/** The IPv4 address in two 16-bit groups of an IPv6 address. */
function ipv4Of(high = 0, low = 0): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * Public IPv4: outside every special range ipaddr.js knows (private, loopback, link-local,
 * CGNAT, unspecified, broadcast, multicast, documentation and other reserved blocks).
 */
function isPublicIpv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

/**
 * Public IPv6. The forms that carry an IPv4 address are judged by that address, since the
 * packets end up there: IPv4-mapped and IPv4-translated (last 32 bits), NAT64's well-known
 * prefix (last 32 bits), 6to4 (bits 16-48) and Teredo (server in bits 32-64, client
 * obfuscated in the last 32 bits).
 */
function isPublicIpv6(address: ipaddr.IPv6): boolean {
  const parts = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return isPublicIpv4(ipv4Of(parts[6], parts[7]));
    case 'rfc6052':
      return !address.match(LOCAL_USE_NAT64) && isPublicIpv4(ipv4Of(parts[6], parts[7]));
    case '6to4':
      return isPublicIpv4(ipv4Of(parts[1], parts[2]));
    case 'teredo':
      return (
        isPublicIpv4(ipv4Of(parts[2], parts[3])) &&
        isPublicIpv4(ipv4Of((parts[6] ?? 0) ^ 0xffff, (parts[7] ?? 0) ^ 0xffff))
      );
    case 'unicast':
      return !address.match(IPV4_COMPATIBLE);
    default:
      return false;
  }
}

/** Whether `address` is an IP address (any notation ipaddr.js reads) on the public internet. */
function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  return parsed instanceof ipaddr.IPv4 ? isPublicIpv4(parsed) : isPublicIpv6(parsed);
}

/**
 * True for an IP address that is not on the public internet: loopback, private, CGNAT,
 * link-local, unspecified, multicast, broadcast, reserved, unique-local and site-local, in
 * every notation (`0x7f.1`, `2130706433`) and every IPv6 form that embeds such an IPv4
 * address. False for public addresses and for anything that is not an IP address.
 */
export function isPrivateAddress(address: string): boolean {
  return ipaddr.isValid(address) && !isPublicAddress(address);
}

/** True for names that always mean this machine, and for private IP literals. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isPrivateAddress(host);
}

/**
 * Resolves names like the system does, but refuses unless every address is public: a public
 * name that points at the api's own network is as dangerous as a private IP literal.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    if (list.some((entry) => !isPublicAddress(entry.address))) {
      return callback(
        Object.assign(new Error(`${hostname} resolves to a private address`), {
          code: 'EPRIVATE',
        }),
        '',
        0,
      );
    }
    if (options.all) return callback(null, list as never, 0);
    const first = list[0];
    if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
    callback(null, first.address, first.family);
  });
};

/**
 * Whether `hostname` resolves to an address that is not public, as {@link publicOnlyLookup}
 * would refuse it: true when any of its answers is private. False when every answer is public,
 * and when the name does not resolve, or not within `timeoutMs`: nothing is refused for that
 * (the name may work tomorrow), and each connection checks its addresses again.
 */
export function resolvesToPrivateAddress(hostname: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
    publicOnlyLookup(hostname, { all: true }, (error) => {
      clearTimeout(timer);
      resolve((error as NodeJS.ErrnoException | null)?.code === 'EPRIVATE');
    });
  });
}
