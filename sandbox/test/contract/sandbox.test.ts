import type { TestSandbox } from '../helpers';
import { postJson, startTestSandbox } from '../helpers';
import type { FakePosHost } from '../posHandoff';
import { startFakePosHost } from '../posHandoff';
import { openRegister } from '../registerSession';
import { issueKeys } from '../storeClient';
import { getPage, logInToStore, nonceIn } from '../storeWeb';
import { describePosConnectContract } from './posConnect.contract';
import type { ContractTarget, Credential, SentMail } from './target';

// The pos-connect/v1 contract against the sandbox store, the plugin's stand-in that `npm start`
// and the end-to-end journeys use. The same suite runs against the real plugin on WordPress.
let sandbox: TestSandbox;
let posHost: FakePosHost;
let target: ContractTarget;

/** A key the store's test controls mint, as WooCommerce's wc-auth would, for a store user. */
async function keyOf(store: string, userId: number): Promise<Credential> {
  const keys = await issueKeys(store, { user_id: userId, permissions: 'read_write' });
  return { kind: 'oauth1', consumer_key: keys.consumer_key, consumer_secret: keys.consumer_secret };
}

beforeAll(async () => {
  posHost = await startFakePosHost();
  sandbox = await startTestSandbox({ storePorts: [0], controls: true, posJwks: posHost.jwksUrl });
  const store = sandbox.stores[0];
  if (!store) throw new Error('the sandbox started no store');
  const home = store.url;
  target = {
    name: 'the sandbox store',
    home,
    siteName: store.name,
    // Demo Coffee Roasters starts with Cloud POS Staff active.
    multipleUserPluginActive: true,
    // Minted before each test: the store's reset forgets every key but the demo one.
    owner: { kind: 'oauth1', consumer_key: '', consumer_secret: '' },
    noCapability: { kind: 'oauth1', consumer_key: '', consumer_secret: '' },
    shopManager: { kind: 'oauth1', consumer_key: '', consumer_secret: '' },
    revocable: () => keyOf(home, 1),
    async sentMail(email: string): Promise<SentMail[]> {
      const response = await fetch(
        `${sandbox.mailHttpUrl}/messages?to=${encodeURIComponent(email)}`,
      );
      const messages = (await response.json()) as Array<{ subject: string; text: string }>;
      return messages.map(({ subject, text }) => ({ subject, text }));
    },
    // The station access screen in wp-admin, as the store admin uses it.
    async setStationUsers(posId, users) {
      const cookie = await logInToStore(home);
      const page = `${home}/wp-admin/users.php?pos_station=${posId}`;
      const form = new URLSearchParams([
        ['_wpnonce', nonceIn(await (await getPage(page, cookie)).text())],
      ]);
      if (users === null) form.append('all_users', '1');
      for (const id of users ?? []) form.append('users', String(id));
      const saved = await fetch(page, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: form.toString(),
      });
      if (saved.status !== 303) throw new Error(`the station access form answered ${saved.status}`);
    },
    openRegister: (posId) => openRegister(home, posHost, posId),
    async reset() {
      const reset = await postJson(`${home}/_control/reset`, {});
      if (reset.status !== 200) throw new Error(`the store's reset answered ${reset.status}`);
      // User 1 is the store's administrator, user 2 a cashier, user 3 (Olivia Hart) a shop
      // manager (sandbox/src/store/seed.ts).
      target.owner = await keyOf(home, 1);
      target.noCapability = await keyOf(home, 2);
      target.shopManager = await keyOf(home, 3);
    },
  };
});

afterAll(async () => {
  await sandbox.close();
  await posHost.close();
});

describe('pos-connect/v1 on the sandbox store', () => {
  describePosConnectContract(() => target, { canSell: true });
});
