/** The live shell's shared singleton versions: name → version. */
export type ShellProvides = Record<string, string>;

/** Reads what the live shell provides to the remotes. */
export interface LiveShell {
  /** Throws when the shell's file cannot be read or is not what its build writes. */
  provides(): Promise<ShellProvides>;
}

/**
 * Reads the shell build's `federation-shared.json` (`{shared: {name: version}}`) from where the
 * live shell is served, each time: a shell deployment changes it without telling the api.
 */
export function createLiveShell(url: string, timeoutMs = 5000): LiveShell {
  return {
    async provides() {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const body = (await response.json()) as { shared?: unknown };
      const shared = body.shared;
      if (typeof shared !== 'object' || shared === null) throw new Error(`${url} has no shared`);
      return Object.fromEntries(
        Object.entries(shared).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    },
  };
}
