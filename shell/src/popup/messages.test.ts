import { acceptedStoreOrigin, homeOriginOf, popupModeOf, storeWindowOf } from './messages';

const HOME = 'https://shop.example/store/';
const STORE = 'https://shop.example';

describe('acceptedStoreOrigin', () => {
  const opener = {} as MessageEventSource;
  const rules = { storeWindow: opener, homeUrl: HOME };
  const event = (data: unknown, origin = STORE, source: MessageEventSource | null = opener) => ({
    data,
    origin,
    source,
  });

  it("accepts parent-origin from the store's window at its home URL's origin", () => {
    expect(acceptedStoreOrigin(event({ type: 'parent-origin', origin: STORE }), rules)).toBe(STORE);
    expect(acceptedStoreOrigin(event({ type: 'parent-origin' }), rules)).toBe(STORE);
    expect(
      acceptedStoreOrigin(event(JSON.stringify({ type: 'parent-origin', origin: STORE })), rules),
    ).toBe(STORE);
  });

  it.each([
    ['a foreign origin', event({ type: 'parent-origin', origin: STORE }, 'https://evil.example')],
    ['another scheme', event({ type: 'parent-origin' }, 'http://shop.example')],
    ['another port', event({ type: 'parent-origin' }, 'https://shop.example:8443')],
    ['another window', event({ type: 'parent-origin' }, STORE, {} as MessageEventSource)],
    ['no window', event({ type: 'parent-origin' }, STORE, null)],
    [
      'an origin it does not come from',
      event({ type: 'parent-origin', origin: 'https://x.example' }),
    ],
    ['another message', event({ type: 'SET_TOKEN', origin: STORE })],
    ['text', event('parent-origin')],
    ['broken JSON', event('{"type":')],
    ['nothing', event(null)],
  ])('ignores %s', (_name, message) => {
    expect(acceptedStoreOrigin(message, rules)).toBeNull();
  });

  it('hears nothing without a home URL or a store window', () => {
    const message = event({ type: 'parent-origin' });
    expect(acceptedStoreOrigin(message, { storeWindow: opener, homeUrl: null })).toBeNull();
    expect(
      acceptedStoreOrigin(message, { storeWindow: opener, homeUrl: 'javascript:x' }),
    ).toBeNull();
    expect(acceptedStoreOrigin(message, { storeWindow: null, homeUrl: HOME })).toBeNull();
  });
});

describe('homeOriginOf', () => {
  it('is the origin of an http(s) address only', () => {
    expect(homeOriginOf('https://shop.example/a?b')).toBe('https://shop.example');
    expect(homeOriginOf('data:text/html,x')).toBeNull();
    expect(homeOriginOf('shop.example')).toBeNull();
    expect(homeOriginOf(null)).toBeNull();
  });
});

describe('popupModeOf / storeWindowOf', () => {
  const parent = {} as Window;
  const opener = {} as Window;

  it("is a frame inside the shell's overlay, talking to the parent", () => {
    const win = { name: '', parent, opener: null };
    expect(popupModeOf(win)).toBe('frame');
    expect(storeWindowOf(win, 'frame')).toBe(parent);
  });

  it('is the popup by its window name, talking to the opener', () => {
    const win = { name: 'ServiceAuthGateway', opener } as unknown as Window;
    Object.assign(win, { parent: win });
    expect(popupModeOf(win)).toBe('popup');
    expect(storeWindowOf(win, 'popup')).toBe(opener);
  });

  it('is the popup of a window with an opener whatever its name', () => {
    const win = { name: '', opener } as unknown as Window;
    Object.assign(win, { parent: win });
    expect(popupModeOf(win)).toBe('popup');
  });

  it('is standalone otherwise, talking to nobody', () => {
    const win = { name: 'other', opener: null } as unknown as Window;
    Object.assign(win, { parent: win });
    expect(popupModeOf(win)).toBe('standalone');
    expect(storeWindowOf(win, 'standalone')).toBeNull();
  });
});
