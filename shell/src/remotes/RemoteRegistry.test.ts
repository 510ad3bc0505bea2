import type { RemoteContract } from '@pos/shared';
import { makeContract } from '../testing/contracts';
import type { RemoteEntry } from '../config/runtimeConfig';
import type { FederationRuntime } from './federationRuntime';
import { RemoteRegistry, type RemoteState } from './RemoteRegistry';

const adminRemote: RemoteEntry = {
  name: 'mf_admin',
  access: 'admin',
  entry: 'http://remote.test/mf-manifest.json',
  routes: ['/admin-panel'],
};

function fakeRuntime(answers: Array<() => Promise<unknown>>) {
  const registrations: Array<{ name: string; force: boolean | undefined }> = [];
  const runtime: FederationRuntime = {
    registerRemotes: (remotes, options) =>
      remotes.forEach(({ name }) => registrations.push({ name, force: options?.force })),
    loadRemote: jest.fn(() => (answers.shift() ?? (() => new Promise<never>(() => {})))()),
  };
  return { runtime, registrations };
}

const stateOf = (registry: RemoteRegistry): RemoteState => registry.states[0] as RemoteState;

beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('RemoteRegistry', () => {
  it('marks a remote ready with its validated contract', async () => {
    const contract = makeContract('mf_admin');
    const { runtime, registrations } = fakeRuntime([async () => contract]);
    const registry = new RemoteRegistry([adminRemote], runtime);
    expect(stateOf(registry).status).toBe('loading');
    await registry.loadAll();
    const state = stateOf(registry);
    expect(state.status).toBe('ready');
    expect(state.status === 'ready' && state.contract).toBe(contract);
    expect(registrations).toEqual([{ name: 'mf_admin', force: false }]);
  });

  it('loads every contract once however often loadAll is called', async () => {
    const { runtime } = fakeRuntime([async () => makeContract('mf_admin')]);
    const registry = new RemoteRegistry([adminRemote], runtime);
    const first = registry.loadAll();
    expect(registry.loadAll()).toBe(first);
    await first;
    await registry.loadAll();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(stateOf(registry).status).toBe('ready');
  });

  it('gives up after a timeout of 8 s on each of three attempts', async () => {
    const { runtime, registrations } = fakeRuntime([]);
    const registry = new RemoteRegistry([adminRemote], runtime);
    const done = registry.loadAll();
    await jest.advanceTimersByTimeAsync(8_000 + 500 + 8_000 + 1_000 + 7_999);
    expect(stateOf(registry).status).toBe('loading');
    await jest.advanceTimersByTimeAsync(1);
    await done;
    const state = stateOf(registry);
    expect(state.status).toBe('failed');
    expect(state.status === 'failed' && state.error.message).toBe(
      'mf_admin did not load within 8 s',
    );
    expect(registrations.map((registration) => registration.force)).toEqual([false, true, true]);
  });

  it('retries a failed load with backoff and re-registers the remote each time', async () => {
    const contract = makeContract('mf_admin');
    const { runtime, registrations } = fakeRuntime([
      () => Promise.reject(new Error('manifest 502')),
      () => Promise.reject(new Error('manifest 502')),
      async () => contract,
    ]);
    const registry = new RemoteRegistry([adminRemote], runtime);
    const done = registry.loadAll();
    await jest.advanceTimersByTimeAsync(499);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1_000);
    await done;
    expect(stateOf(registry).status).toBe('ready');
    expect(registrations.map((registration) => registration.force)).toEqual([false, true, true]);
  });

  it('fails at once, without retries, when the contract is malformed', async () => {
    const malformed = { ...makeContract('mf_admin'), routes: 'none' } as unknown as RemoteContract;
    const { runtime } = fakeRuntime([async () => malformed]);
    const registry = new RemoteRegistry([adminRemote], runtime);
    await registry.loadAll();
    const state = stateOf(registry);
    expect(state.status).toBe('failed');
    expect(state.status === 'failed' && state.error.message).toBe(
      'contract: "routes" must be an array',
    );
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });

  it('loads again on retry, forcing a fresh registration, after everything failed', async () => {
    const failing = () => Promise.reject(new Error('offline'));
    const contract = makeContract('mf_admin');
    const { runtime, registrations } = fakeRuntime([
      failing,
      failing,
      failing,
      async () => contract,
    ]);
    const registry = new RemoteRegistry([adminRemote], runtime, { backoffMs: 0 });
    const first = registry.loadAll();
    await jest.runAllTimersAsync();
    await first;
    expect(stateOf(registry).status).toBe('failed');

    const retried = registry.retry('mf_admin');
    expect(stateOf(registry).status).toBe('loading');
    await retried;
    expect(stateOf(registry).status).toBe('ready');
    expect(registrations.at(-1)).toEqual({ name: 'mf_admin', force: true });
  });

  it('loads remotes independently: a dead one does not hold up a live one', async () => {
    const contract = makeContract('mf_live');
    const runtime: FederationRuntime = {
      registerRemotes: () => {},
      loadRemote: (id) =>
        id.startsWith('mf_live') ? Promise.resolve(contract) : new Promise<never>(() => {}),
    };
    const registry = new RemoteRegistry(
      [
        { name: 'mf_dead', access: 'all', entry: 'http://dead.test/mf-manifest.json', routes: [] },
        { name: 'mf_live', access: 'all', entry: 'http://live.test/mf-manifest.json', routes: [] },
      ],
      runtime,
    );
    void registry.loadAll();
    await jest.advanceTimersByTimeAsync(0);
    expect(registry.states.map((state) => state.status)).toEqual(['loading', 'ready']);
  });
});
