import dns from 'node:dns';
import {
  isPrivateAddress,
  isPrivateHost,
  publicOnlyLookup,
  resolvesToPrivateAddress,
} from '../../../src/services/store/address-guard';
import { createStoreClient } from '../../../src/services/store-client';
import {
  assertPublicHost,
  parseStoreUrl,
  PRIVATE_HOST_MESSAGE,
} from '../../../src/services/store-url';

/** Every form of a non-public address the guard must refuse, with what it hides. */
const refused: Array<[form: string, address: string]> = [
  ['IPv4 loopback', '127.0.0.1'],
  ['IPv4 loopback, not .1', '127.1.2.3'],
  ['IPv4 private 10/8', '10.0.0.5'],
  ['IPv4 private 172.16/12', '172.16.3.4'],
  ['IPv4 private 192.168/16', '192.168.1.1'],
  ['IPv4 link-local (cloud metadata)', '169.254.169.254'],
  ['IPv4 unspecified', '0.0.0.0'],
  ['IPv4 this network', '0.1.2.3'],
  ['IPv4 CGNAT', '100.64.0.1'],
  ['IPv4 multicast', '224.0.0.1'],
  ['IPv4 broadcast', '255.255.255.255'],
  ['IPv4 reserved 240/4', '240.0.0.1'],
  ['IPv4 IETF protocol assignments', '192.0.0.8'],
  ['IPv4 benchmarking', '198.18.0.1'],
  ['IPv4 documentation', '192.0.2.1'],
  ['IPv4 loopback in decimal', '2130706433'],
  ['IPv4 loopback in hex', '0x7f000001'],
  ['IPv4 loopback with a hex octet', '0x7f.0.0.1'],
  ['IPv4 loopback in octal', '0177.0.0.1'],
  ['IPv4 loopback, short form', '127.1'],
  ['IPv4 private, short form', '10.1'],
  ['IPv6 loopback', '::1'],
  ['IPv6 unspecified', '::'],
  ['IPv6 link-local', 'fe80::1'],
  ['IPv6 unique-local fc00::/7', 'fc00::1'],
  ['IPv6 unique-local fd00::/8', 'fd12:3456::1'],
  ['IPv6 site-local', 'fec0::1'],
  ['IPv6 multicast', 'ff02::1'],
  ['IPv6 documentation', '2001:db8::1'],
  ['IPv6 discard-only', '100::1'],
  ['IPv4-mapped loopback, dotted', '::ffff:127.0.0.1'],
  ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
  ['IPv4-mapped private', '::ffff:10.0.0.1'],
  ['IPv4-mapped link-local', '::ffff:a9fe:a9fe'],
  ['IPv4-translated loopback, hex', '::ffff:0:7f00:1'],
  ['IPv4-translated loopback, dotted', '::ffff:0:127.0.0.1'],
  ['6to4 of loopback', '2002:7f00:1::'],
  ['6to4 of 10.0.0.1', '2002:a00:1::1'],
  ['6to4 of 192.168.1.1', '2002:c0a8:101::'],
  ['NAT64 of loopback, hex', '64:ff9b::7f00:1'],
  ['NAT64 of loopback, dotted', '64:ff9b::127.0.0.1'],
  ['NAT64 of the metadata address', '64:ff9b::a9fe:a9fe'],
  ['NAT64 local-use prefix', '64:ff9b:1::7f00:1'],
  ['NAT64 local-use prefix, public IPv4 inside', '64:ff9b:1:808:808::'],
  ['IPv4-compatible loopback, dotted', '::127.0.0.1'],
  ['IPv4-compatible loopback, hex', '::7f00:1'],
  ['IPv4-compatible private', '::a00:1'],
  ['IPv4-compatible, public IPv4 inside (deprecated form)', '::808:808'],
  ['Teredo with client 127.0.0.1', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
  ['Teredo with client 192.168.1.1', '2001:0:4136:e378:8000:63bf:3f57:fefe'],
  ['Teredo with server 10.0.0.1', '2001:0:a00:1:8000:63bf:f7f7:f7f7'],
];

/** Public addresses, some in the same encodings, that must still be reached. */
const allowed: Array<[form: string, address: string]> = [
  ['IPv4', '93.184.216.34'],
  ['IPv4 next to 172.16/12', '172.32.0.1'],
  ['IPv4 next to CGNAT', '100.128.0.1'],
  ['IPv4 next to 192.168/16', '192.169.0.1'],
  ['IPv4 in decimal', '134744072'],
  ['IPv4 in hex octets', '0x8.0x8.0x8.0x8'],
  ['IPv6', '2606:4700::1111'],
  ['IPv6 of a public DNS', '2001:4860:4860::8888'],
  ['IPv4-mapped public', '::ffff:8.8.8.8'],
  ['6to4 of a public IPv4', '2002:808:808::1'],
  ['NAT64 of a public IPv4', '64:ff9b::808:808'],
  ['Teredo with public server and client', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'],
];

const urlOf = (address: string) => `http://${address.includes(':') ? `[${address}]` : address}`;
const familyOf = (address: string) => (address.includes(':') ? 6 : 4);

/** Makes every name resolve to `address`, as a DNS server pointing at it would. */
function answerWith(address: string) {
  return jest.spyOn(dns, 'lookup').mockImplementation(((
    _hostname: string,
    _options: dns.LookupOptions,
    callback: (error: Error | null, addresses: dns.LookupAddress[]) => void,
  ) => {
    callback(null, [{ address, family: familyOf(address) }]);
  }) as unknown as typeof dns.lookup);
}

/** What {@link publicOnlyLookup} hands to the socket for `hostname`. */
function lookUp(hostname: string, all = false) {
  return new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
    publicOnlyLookup(hostname, { all }, (error, address) => resolve({ error, address }));
  });
}

afterEach(() => jest.restoreAllMocks());

describe('SSRF guard: every encoding of a non-public address', () => {
  it.each(refused)(
    'refuses %s (%s) as a URL host unless private hosts are allowed',
    (_, address) => {
      const url = urlOf(address);
      expect(isPrivateHost(new URL(url).hostname)).toBe(true);
      expect(() => parseStoreUrl(url, false)).toThrow(PRIVATE_HOST_MESSAGE);
      expect(parseStoreUrl(url, true).href).toMatch(/^http:\/\//);
    },
  );

  it.each(refused)('refuses %s (%s) as a URL host in the client', async (_, address) => {
    const guarded = createStoreClient({ timeoutMs: 1000, allowPrivateHosts: false });
    await expect(guarded.siteInfo(urlOf(address))).rejects.toThrow(/private address/);
  });

  it.each(refused)('refuses %s (%s) as a DNS answer', async (_, address) => {
    answerWith(address);
    expect(isPrivateAddress(address)).toBe(true);
    for (const all of [false, true]) {
      const { error } = await lookUp('shop.example.com', all);
      expect(error).toMatchObject({ code: 'EPRIVATE' });
      expect(error?.message).toBe('shop.example.com resolves to a private address');
    }
    const guarded = createStoreClient({ timeoutMs: 1000, allowPrivateHosts: false });
    await expect(guarded.siteInfo('http://shop.example.com')).rejects.toThrow(
      'shop.example.com resolves to a private address',
    );
  });

  it.each(refused)(
    'refuses %s (%s) as a DNS answer before any call (create, site check)',
    async (_, address) => {
      answerWith(address);
      const url = parseStoreUrl('https://shop.example.com', false);
      await expect(assertPublicHost(url, false)).rejects.toThrow(PRIVATE_HOST_MESSAGE);
      await expect(resolvesToPrivateAddress('shop.example.com', 1000)).resolves.toBe(true);
      // STORE_ALLOW_PRIVATE_HOSTS (the local stack's sandbox stores on 127.0.0.1) lets it through.
      await expect(assertPublicHost(url, true)).resolves.toBeUndefined();
    },
  );

  it('lets a name through that does not resolve, or not in time: the connection checks again', async () => {
    jest.spyOn(dns, 'lookup').mockImplementationOnce(((
      _hostname: string,
      _options: dns.LookupOptions,
      callback: (error: Error | null) => void,
    ) => {
      callback(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    }) as unknown as typeof dns.lookup);
    await expect(resolvesToPrivateAddress('gone.example', 1000)).resolves.toBe(false);
    jest
      .spyOn(dns, 'lookup')
      .mockImplementationOnce((() => undefined) as unknown as typeof dns.lookup);
    await expect(resolvesToPrivateAddress('slow.example', 20)).resolves.toBe(false);
  });

  it('refuses a DNS answer with a zone (link-local of an interface)', async () => {
    answerWith('fe80::1%eth0');
    expect((await lookUp('shop.example.com')).error).toMatchObject({ code: 'EPRIVATE' });
  });

  it('refuses a name when any one of its answers is private', async () => {
    jest.spyOn(dns, 'lookup').mockImplementation(((
      _hostname: string,
      _options: dns.LookupOptions,
      callback: (error: Error | null, addresses: dns.LookupAddress[]) => void,
    ) => {
      callback(null, [
        { address: '93.184.216.34', family: 4 },
        { address: '::ffff:0:7f00:1', family: 6 },
      ]);
    }) as unknown as typeof dns.lookup);
    expect((await lookUp('shop.example.com')).error).toMatchObject({ code: 'EPRIVATE' });
  });

  it.each(allowed)(
    'lets %s (%s) through, as a URL host and as a DNS answer',
    async (_, address) => {
      const url = urlOf(address);
      expect(isPrivateHost(new URL(url).hostname)).toBe(false);
      expect(() => parseStoreUrl(url, false)).not.toThrow();
      answerWith(address);
      expect(isPrivateAddress(address)).toBe(false);
      expect(await lookUp('shop.example.com')).toEqual({ error: null, address });
      expect(await lookUp('shop.example.com', true)).toEqual({
        error: null,
        address: [{ address, family: familyOf(address) }],
      });
    },
  );
});

describe('isPrivateAddress / isPrivateHost', () => {
  it('knows private, loopback and link-local addresses of both families', () => {
    expect(isPrivateAddress('127.0.0.1')).toBe(true);
    expect(isPrivateAddress('100.64.0.1')).toBe(true);
    expect(isPrivateAddress('::1')).toBe(true);
    expect(isPrivateAddress('::ffff:7f00:1')).toBe(true);
    // IPv4-compatible and NAT64 forms of a private IPv4 address.
    expect(isPrivateAddress('::7f00:1')).toBe(true);
    expect(isPrivateAddress('64:ff9b::a00:1')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2001:4860:4860::8888')).toBe(false);
    expect(isPrivateHost('LOCALHOST.')).toBe(true);
    expect(isPrivateHost('example.com')).toBe(false);
  });

  it('does not take names for addresses', () => {
    expect(isPrivateAddress('shop.example.com')).toBe(false);
    expect(isPrivateHost('shop.localhost')).toBe(true);
    expect(isPrivateHost('[::1]')).toBe(true);
  });
});
