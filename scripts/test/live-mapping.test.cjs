// The shell's server's cache of the api's live release mapping (issue 31): fresh answers are
// served without asking, an ageing one is refreshed in the background, an old one is never
// served while the api answers, and a down api leaves the last answer (or none: the plain file).
const { liveMappingCache } = require('../lib/live-mapping.cjs');

const URL_ = 'http://api.test/api/connect-ui/releases/live';
const mapping = (release) => ({
  remotes: [{ name: 'mf_admin', release, entry: 'x', canary: null }],
});

/** A fake api: answers with `state.answer` (or fails), counts the questions, on a fake clock. */
function setup() {
  const state = { answer: mapping('rel-1'), down: false, asked: 0, time: 0, hold: null };
  const fetch = async () => {
    state.asked += 1;
    if (state.hold) await state.hold;
    if (state.down) throw new Error('connect ECONNREFUSED');
    const body = state.answer;
    return { ok: true, status: 200, json: async () => body };
  };
  const errors = [];
  const cache = liveMappingCache({
    url: URL_,
    fetch,
    now: () => state.time,
    maxAge: 1000,
    onError: (error) => errors.push(error),
  });
  return { state, cache, errors };
}

/** Lets a background refresh finish. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the live release mapping cache', () => {
  it('asks the api once and serves its answer while it is fresh', async () => {
    const { state, cache } = setup();
    expect(await cache.get()).toEqual(mapping('rel-1'));
    state.answer = mapping('rel-2');
    state.time = 400;
    expect(await cache.get()).toEqual(mapping('rel-1'));
    expect(state.asked).toBe(1);
  });

  it('serves an ageing answer at once and refreshes it in the background', async () => {
    const { state, cache } = setup();
    await cache.get();
    state.answer = mapping('rel-2');
    state.time = 600;
    expect(await cache.get()).toEqual(mapping('rel-1'));
    expect(state.asked).toBe(2);
    // Requests while the refresh runs do not ask again.
    await cache.get();
    expect(state.asked).toBe(2);
    await settle();
    expect(await cache.get()).toEqual(mapping('rel-2'));
    expect(state.asked).toBe(2);
  });

  it('never serves an answer older than its maximum age while the api answers', async () => {
    const { state, cache } = setup();
    await cache.get();
    state.answer = mapping('rel-2');
    state.time = 1000;
    expect(await cache.get()).toEqual(mapping('rel-2'));
    expect(state.asked).toBe(2);
  });

  it('asks again after invalidate, ignoring a question asked before it', async () => {
    const { state, cache } = setup();
    await cache.get();
    state.time = 600;
    let release;
    state.hold = new Promise((resolve) => (release = resolve));
    await cache.get(); // starts a background refresh that sees the state before the action
    state.answer = mapping('rel-2');
    cache.invalidate();
    const next = cache.get();
    state.hold = null;
    release();
    expect(await next).toEqual(mapping('rel-2'));
    expect(await cache.get()).toEqual(mapping('rel-2'));
  });

  it('keeps the last answer while the api is down, without asking on every request', async () => {
    const { state, cache, errors } = setup();
    await cache.get();
    state.down = true;
    state.time = 1500;
    expect(await cache.get()).toEqual(mapping('rel-1'));
    expect(errors).toHaveLength(1);
    state.time = 1600;
    expect(await cache.get()).toEqual(mapping('rel-1'));
    expect(state.asked).toBe(2);
    // Back up: its answer is served once it is worth asking again.
    state.down = false;
    state.answer = mapping('rel-2');
    state.time = 2600;
    expect(await cache.get()).toEqual(mapping('rel-2'));
  });

  it('answers null (the plain file) when the api has never answered', async () => {
    const { state, cache } = setup();
    state.down = true;
    expect(await cache.get()).toBeNull();
  });

  it('does not serve an answer the api refused', async () => {
    const { cache } = setup();
    const refused = liveMappingCache({
      url: URL_,
      fetch: async () => ({ ok: false, status: 503, json: async () => ({}) }),
      onError: () => {},
    });
    expect(await refused.get()).toBeNull();
    expect(await cache.get()).toEqual(mapping('rel-1'));
  });
});
