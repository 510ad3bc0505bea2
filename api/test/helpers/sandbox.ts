import type { RunningSandbox, SandboxOptions } from '@pos/sandbox';
import { startSandbox } from '@pos/sandbox';

/** A REST key minted by a sandbox store's test control. */
export interface ControlKey {
  key_id: number;
  consumer_key: string;
  consumer_secret: string;
}

/** The real sandbox (two WooCommerce stores, mail outbox) on free ports, with its test controls. */
export interface TestSandbox {
  sandbox: RunningSandbox;
  /** Home URLs of store 1 (multiple-user plugin on) and store 2. */
  stores: [string, string];
  /** POSTs to `{store}/_control/{name}` and returns the JSON answer. */
  control<T = unknown>(store: string, name: string, body?: object): Promise<T>;
  /** Mints a key on a store (read_write of the store admin unless told otherwise). */
  mintKey(store: string, body?: { permissions?: string; user_id?: number }): Promise<ControlKey>;
  /** Mail the outbox received for an address. */
  mailTo(email: string): Promise<Array<{ subject: string; text?: string }>>;
  close(): Promise<void>;
}

/**
 * Starts the sandbox with every port free and the test controls on; `posJwks` is what its
 * stores check hand-off tokens against (the default URL has no listener in tests).
 */
export async function startTestSandbox(
  options: Pick<Partial<SandboxOptions>, 'posJwks'> = {},
): Promise<TestSandbox> {
  const sandbox = await startSandbox({
    loginPort: 0,
    mailHttpPort: 0,
    smtpPort: 0,
    storePorts: [0, 0],
    // The payments sandbox's default port (4600) is the running stack's: tests take a free one.
    paymentsPort: 0,
    controls: true,
    ...options,
  });
  const [first, second] = sandbox.stores;
  if (!first || !second) throw new Error('the sandbox started without its two stores');
  const control = async <T>(store: string, name: string, body: object = {}): Promise<T> => {
    const response = await fetch(`${store}/_control/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control ${name} answered ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    sandbox,
    stores: [first.url, second.url],
    control,
    mintKey: (store, body = {}) => control<ControlKey>(store, 'keys', body),
    async mailTo(email) {
      const response = await fetch(
        `${sandbox.mailHttpUrl}/messages?to=${encodeURIComponent(email)}`,
      );
      return (await response.json()) as Array<{ subject: string; text?: string }>;
    },
    close: () => sandbox.close(),
  };
}
