import { EventBus } from '../bus/EventBus';
import { SessionStore, TOKEN_STORAGE_KEY } from './SessionStore';

const encode = (claims: object) =>
  `${btoa(JSON.stringify({ alg: 'RS256' }))}.${btoa(JSON.stringify(claims))}.signature`;
const token = (sub: string) => encode({ sub, exp: 1_900_000_000, nra: 1_900_000_000 });

beforeEach(() => localStorage.clear());

describe('SessionStore', () => {
  it('keeps the token in local storage and never writes document.cookie', () => {
    const store = new SessionStore(new EventBus(), localStorage);
    store.setToken(token('u1'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token('u1'));
    expect(document.cookie).toBe('');
    store.setToken(null);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('writes the cookie for each change in order, and settles after the last', async () => {
    const written: (string | null)[] = [];
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const writer = jest.fn(async (value: string | null) => {
      if (value === token('u1')) await slow;
      written.push(value);
    });
    const store = new SessionStore(new EventBus(), localStorage, writer);
    store.setToken(token('u1'));
    store.setToken(token('u2'));
    store.setToken(null);
    store.setToken(null);
    let settled = false;
    const done = store.cookieSettled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await done;
    expect(written).toEqual([token('u1'), token('u2'), null]);
  });

  it('goes on after a failed write', async () => {
    const writer = jest
      .fn<Promise<void>, [string | null]>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    const store = new SessionStore(new EventBus(), localStorage, writer);
    store.setToken(token('u1'));
    store.setToken(token('u2'));
    await expect(store.cookieSettled()).resolves.toBeUndefined();
    expect(writer).toHaveBeenLastCalledWith(token('u2'));
  });
});
