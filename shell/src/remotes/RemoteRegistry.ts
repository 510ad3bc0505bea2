import type { RemoteContract } from '@pos/shared';
import { BehaviorSubject, type Observable } from '@pos/shared/rx';
import type { RemoteEntry } from '../config/runtimeConfig';
import type { FederationRuntime } from './federationRuntime';
import { loadRemoteContract } from './loadContract';
import type { RetryOptions } from './retry';
import type { ReleaseReporter } from './releases';
import { reportingContract } from './releases';
import { remoteTitle } from './remoteTitle';

/** Where one remote stands. */
export type RemoteState =
  | { remote: RemoteEntry; title: string; status: 'loading' }
  | { remote: RemoteEntry; title: string; status: 'ready'; contract: RemoteContract }
  | { remote: RemoteEntry; title: string; status: 'failed'; error: Error };

/**
 * The remotes of remotes.json and their contracts. Contracts load in parallel, so a slow or
 * dead remote only holds up its own routes, tiles and nav items.
 */
export class RemoteRegistry {
  private readonly states$$: BehaviorSubject<RemoteState[]>;
  private readonly attempts = new Map<string, number>();
  private loadingAll: Promise<void> | null = null;

  constructor(
    remotes: RemoteEntry[],
    private readonly runtime: FederationRuntime,
    private readonly retryOptions: RetryOptions = {},
    /** Reports each release's load outcome (the canary's successes too, for its failure rate). */
    private readonly report: ReleaseReporter = () => undefined,
  ) {
    this.states$$ = new BehaviorSubject<RemoteState[]>(
      remotes.map((remote) => ({ remote, title: remoteTitle(remote), status: 'loading' })),
    );
  }

  /** Every remote's state as it changes. */
  get states$(): Observable<RemoteState[]> {
    return this.states$$.asObservable();
  }

  /** Every remote's state now. */
  get states(): RemoteState[] {
    return this.states$$.value;
  }

  /**
   * Starts loading every contract, once: a later call answers the first call's promise (a
   * remote loads again through {@link retry}). Resolves when each has loaded or failed.
   */
  loadAll(): Promise<void> {
    this.loadingAll ??= Promise.all(this.states.map((state) => this.load(state.remote.name))).then(
      () => undefined,
    );
    return this.loadingAll;
  }

  /** Loads one remote's contract again, fetching its manifest and entry anew. */
  retry(name: string): Promise<void> {
    return this.load(name);
  }

  private async load(name: string): Promise<void> {
    const state = this.states.find((candidate) => candidate.remote.name === name);
    if (!state) return;
    const attempt = (this.attempts.get(name) ?? 0) + 1;
    this.attempts.set(name, attempt);
    const { remote, title } = state;
    this.replace({ remote, title, status: 'loading' });
    try {
      const loaded = await loadRemoteContract(remote, this.runtime, {
        ...this.retryOptions,
        forceFirst: attempt > 1,
      });
      if (remote.isCanary) this.report(remote, 'loaded');
      const contract = reportingContract(loaded, remote, this.report);
      if (this.attempts.get(name) === attempt)
        this.replace({ remote, title, status: 'ready', contract });
    } catch (error) {
      console.warn(`Remote ${name} could not be loaded`, error);
      this.report(remote, 'load-failed');
      if (this.attempts.get(name) === attempt) {
        const failure = error instanceof Error ? error : new Error(String(error));
        this.replace({ remote, title, status: 'failed', error: failure });
      }
    }
  }

  private replace(next: RemoteState): void {
    this.states$$.next(
      this.states.map((state) => (state.remote.name === next.remote.name ? next : state)),
    );
  }
}
