import net from 'node:net';

/** Longest store URL accepted. */
export const MAX_STORE_URL_LENGTH = 2048;

/** Text of the SSRF guard's refusal. */
export const PRIVATE_HOST_MESSAGE = 'The URL must point to a public site';

/** A store URL that cannot be used; `message` is safe to show. */
export class StoreUrlError extends Error {
  override readonly name = 'StoreUrlError';
}

/** A store URL after validation. */
export interface StoreUrl {
  /** Lowercase scheme and host, default port dropped, no trailing slash: `https://shop.example/wp`. */
  href: string;
  /** What makes two URLs the same site: host, port and path, lowercased (`shop.example/wp`). */
  key: string;
  /** Host (and port when not the default) for messages: `shop.example`. */
  host: string;
}

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * The IPv4 address an IPv6 address carries in its last 32 bits when it is IPv4-mapped
 * (`::ffff:0:0/96`), IPv4-compatible (`::/96`) or NAT64 (`64:ff9b::/96`); null otherwise.
 */
function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  const prefix = groups
    .slice(0, 6)
    .map((group) => group.toString(16))
    .join(':');
  if (!['0:0:0:0:0:ffff', '0:0:0:0:0:0', '64:ff9b:0:0:0:0'].includes(prefix)) return null;
  const high = groups[6] ?? 0;
  const low = groups[7] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** True for loopback, private, link-local, unspecified, multicast and reserved IP addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
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
 * Validates and normalises the URL of a WooCommerce site: http(s) only, no user name or
 * password, no query or fragment, at most {@link MAX_STORE_URL_LENGTH} characters. Unless
 * `allowPrivateHosts`, a host that is localhost or a private IP literal is refused, so the api
 * cannot be pointed at its own network.
 */
export function parseStoreUrl(input: string, allowPrivateHosts: boolean): StoreUrl {
  const text = input.trim();
  if (text.length === 0) throw new StoreUrlError('The URL is required');
  if (text.length > MAX_STORE_URL_LENGTH) {
    throw new StoreUrlError(`The URL must not be longer than ${MAX_STORE_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StoreUrlError('The URL must be a full http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new StoreUrlError('The URL must be a full http:// or https:// address');
  }
  if (!url.hostname) throw new StoreUrlError('The URL must name a host');
  if (url.username || url.password) {
    throw new StoreUrlError('The URL must not contain a user name or password');
  }
  // `new URL` drops an empty "?" or "#": look at the text too.
  if (url.search || url.hash || /[?#]/.test(text)) {
    throw new StoreUrlError('The URL must not contain a query or a fragment');
  }
  if (!allowPrivateHosts && isPrivateHost(url.hostname)) {
    throw new StoreUrlError(PRIVATE_HOST_MESSAGE);
  }
  const pathname = url.pathname.replace(/\/+$/, '');
  const href = `${url.protocol}//${url.host}${pathname}`;
  if (href.length > MAX_STORE_URL_LENGTH) {
    throw new StoreUrlError(`The URL must not be longer than ${MAX_STORE_URL_LENGTH} characters`);
  }
  return { href, key: `${url.host}${pathname}`.toLowerCase(), host: url.host };
}
