import type { TestSandbox } from './helpers';
import { postForm, postJson, startTestSandbox } from './helpers';
import type { FakePosHost } from './posHandoff';
import { startFakePosHost } from './posHandoff';
import { getPage } from './storeWeb';

/** A register signed in at a station, calling its `pos-connect/v1/register/{pos_id}` routes. */
export interface RegisterSession {
  /** `name=value` of the register api's session cookie. */
  cookie: string;
  /** The session's CSRF token, as the register page gives it. */
  token: string;
  /** Calls `register/{pos_id}/{path}` with the cookie and the token (unless overridden). */
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- arbitrary JSON
}

/**
 * Hands `claims`' person over to station `posId` of the store at `home` (as the cloud POS host
 * does), opens the register page and reads its config, as the register application does.
 */
export async function openRegister(
  home: string,
  posHost: FakePosHost,
  posId = 1,
  claims: Record<string, unknown> = {},
): Promise<RegisterSession> {
  const handoff = await postForm(`${home}/pos/${posId}`, {
    token: await posHost.token(home, { pos_id: String(posId), ...claims }),
  });
  if (handoff.status !== 303)
    throw new Error(
      `the hand-off answered ${handoff.status}: ${/<p[^>]*>([^<]*)<\/p>/.exec(await handoff.text())?.[1] ?? ''}`,
    );
  const [pageCookie, apiCookie] = handoff.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '');
  const html = await (await getPage(`${home}/pos/${posId}`, pageCookie)).text();
  const config = JSON.parse(
    (/data-config="([^"]+)"/.exec(html)?.[1] ?? '{}').replace(/&quot;/g, '"'),
  ) as { restBase: string; token: string };
  const cookie = apiCookie ?? '';
  // The sandbox gives a path, the plugin rest_url()'s whole address.
  const restBase = new URL(config.restBase, `${home}/`).href;
  return {
    cookie,
    token: config.token,
    async call(method, path, body, headers = {}) {
      const response = await fetch(`${restBase}/${path}`, {
        method,
        headers: {
          cookie,
          'x-pos-token': config.token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    },
  };
}

/** A sandbox store with its register routes, set up once for a test file (`storeRegisterSuite`). */
export interface StoreRegisterSuite {
  /** The running sandbox (its mail outbox, its stores). */
  readonly sandbox: TestSandbox;
  /** The cloud POS host that hands cashiers over to the store's stations. */
  readonly posHost: FakePosHost;
  /** The address of the store under test. */
  readonly home: string;
  /** Opens the register at station `posId` of the store under test (see `openRegister`). */
  open(posId?: number, claims?: Record<string, unknown>): Promise<RegisterSession>;
}

/**
 * Registers a test file's hooks for the sandbox store's register routes: a cloud POS host and a
 * sandbox with `stores` stores (controls on, trusting the host's keys) started once, store
 * `store` under test and reset before each test, both closed at the end. The getters are read
 * inside tests, once `beforeAll` has run.
 */
export function storeRegisterSuite({ stores = 1, store = 0 } = {}): StoreRegisterSuite {
  let posHost: FakePosHost | undefined;
  let sandbox: TestSandbox | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the store register suite is not started yet');
    return value;
  };
  beforeAll(async () => {
    posHost = await startFakePosHost();
    sandbox = await startTestSandbox({
      storePorts: Array.from({ length: stores }, () => 0),
      controls: true,
      posJwks: posHost.jwksUrl,
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await posHost?.close();
  });
  const suite: StoreRegisterSuite = {
    get sandbox() {
      return started(sandbox);
    },
    get posHost() {
      return started(posHost);
    },
    get home() {
      return started(sandbox?.stores[store]).url;
    },
    open: (posId = 1, claims = {}) => openRegister(suite.home, suite.posHost, posId, claims),
  };
  beforeEach(() => postJson(`${suite.home}/_control/reset`, {}));
  return suite;
}
