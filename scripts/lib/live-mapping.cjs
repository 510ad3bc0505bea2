// The shell's server keeps the api's live release mapping (issue 31) for a short time instead of
// asking on every /remotes.json: the question costs a round trip to the api, which on a busy
// machine added tens of milliseconds to the shell's start. An answer is served for at most
// MAX_AGE_MS, so a promotion or rollback reaches a starting shell within about a second; past
// half of that a request refreshes it in the background (stale-while-revalidate), so a steady
// stream of starts never waits for the api. A release action proxied by this server drops the
// answer at once (invalidate). When the api does not answer, the last answer it gave is kept; with
// none, the caller serves the plain file.

/** The longest an answer of the api is served, in ms. */
const MAX_AGE_MS = 1000;

/** From this age on, a request serves the answer and refreshes it in the background, in ms. */
const REVALIDATE_AFTER_MS = MAX_AGE_MS / 2;

/** How long a request waits for the api when it has no answer young enough, in ms. */
const WAIT_MS = 1000;

/**
 * @typedef {object} LiveMappingCacheOptions
 * @property {string} url the api's live release mapping
 * @property {typeof fetch} [fetch] the fetch to ask with (tests give their own)
 * @property {() => number} [now] the clock, in ms (tests give their own)
 * @property {number} [maxAge] the longest an answer is served, in ms
 * @property {number} [wait] how long a request waits for the api, in ms
 * @property {(error: unknown) => void} [onError] told when the api does not answer
 */

/**
 * A cache of the api's live release mapping for the shell's server.
 * `get()` resolves with the mapping, or null when the api has never answered;
 * `invalidate()` makes the next `get()` ask the api again.
 * @param {LiveMappingCacheOptions} options
 */
function liveMappingCache(options) {
  const ask = options.fetch ?? fetch;
  const now = options.now ?? (() => performance.now());
  const maxAge = options.maxAge ?? MAX_AGE_MS;
  const revalidateAfter = maxAge / 2;
  const wait = options.wait ?? WAIT_MS;
  // Bumped by invalidate(): an answer asked for before a release action is never served after it.
  let generation = 0;
  /** @type {{ value: unknown, at: number, generation: number } | null} */
  let answer = null;
  /** The last answer the api gave, whatever its age: what is served while the api is down. */
  let last = null;
  /** @type {{ at: number, generation: number } | null} */
  let failed = null;
  /** @type {{ promise: Promise<unknown>, generation: number } | null} */
  let pending = null;

  function refresh() {
    if (pending && pending.generation === generation) return pending.promise;
    const asked = generation;
    // Aged from the question, not the answer: the api's state may be that old.
    const at = now();
    const promise = ask(options.url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(wait),
    })
      .then((response) => {
        if (!response.ok) throw new Error(`the live release mapping answered ${response.status}`);
        return response.json();
      })
      .then((value) => {
        if (!answer || answer.generation <= asked) {
          answer = { value, at, generation: asked };
          last = value;
          failed = null;
        }
        return value;
      })
      .catch((error) => {
        options.onError?.(error);
        failed = { at, generation: asked };
        return last;
      })
      .finally(() => {
        if (pending?.promise === promise) pending = null;
      });
    pending = { promise, generation: asked };
    return promise;
  }

  return {
    /** @returns {Promise<unknown>} */
    async get() {
      const current = answer && answer.generation === generation ? answer : null;
      const age = current ? now() - current.at : Infinity;
      if (current && age < maxAge) {
        if (age >= revalidateAfter) void refresh();
        return current.value;
      }
      // The api just failed: its last answer (or none) until it is worth asking again, so a
      // down api does not cost every start a wait.
      if (failed && failed.generation === generation && now() - failed.at < maxAge) return last;
      return refresh();
    },
    invalidate() {
      generation += 1;
    },
  };
}

module.exports = { liveMappingCache, MAX_AGE_MS, REVALIDATE_AFTER_MS, WAIT_MS };
