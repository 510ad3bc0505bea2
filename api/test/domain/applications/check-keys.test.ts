import { checkKeys } from '../../../src/domain/applications/authorization';
import type { StoreAccess } from '../../../src/domain/store-access';
import type { SiteInfo, StoreClient, StoreSystemStatus } from '../../../src/services/store-client';
import { StoreHttpError, StoreUnreachableError } from '../../../src/services/store-client';

const OWNER = { id: 1, username: 'a', email: 'a@shop.example', name: 'A', roles: [] };

/** A store client answering like a stock WooCommerce store, with some answers replaced. */
function storeAnswering(
  answers: {
    systemStatus?: () => Promise<StoreSystemStatus>;
    probeWrite?: () => Promise<void>;
    siteInfo?: () => Promise<SiteInfo>;
  } = {},
): { access: Pick<StoreAccess, 'store'>; calls: string[] } {
  const calls: string[] = [];
  const store = {
    systemStatus: async () => {
      calls.push('systemStatus');
      return answers.systemStatus
        ? answers.systemStatus()
        : { homeUrl: 'https://shop.example', siteUrl: 'https://shop.example', wcVersion: '9.8.5' };
    },
    probeWrite: async () => {
      calls.push('probeWrite');
      return answers.probeWrite ? answers.probeWrite() : undefined;
    },
    siteInfo: async () => {
      calls.push('siteInfo');
      return answers.siteInfo
        ? answers.siteInfo()
        : { name: 'Shop', home: 'https://shop.example', namespaces: ['wp/v2', 'wc/v3'] };
    },
    connection: async () => {
      calls.push('connection');
      return {
        homeUrl: 'https://shop.example',
        siteName: 'Shop',
        keyPermissions: 'read_write',
        user: OWNER,
        multipleUserPluginActive: false,
      };
    },
  } as unknown as StoreClient;
  return { access: { store }, calls };
}

const keys = { consumerKey: 'ck_a', consumerSecret: 'cs_b' };
const withProbe = { probeWrite: true };
const authError = (message: string) =>
  new StoreHttpError(401, 'woocommerce_rest_authentication_error', message);

describe('checkKeys on WooCommerce core', () => {
  it('accepts Read/Write keys of the same site, whatever the case or trailing slash, without the plugin', async () => {
    const { access, calls } = storeAnswering({
      systemStatus: async () => ({
        homeUrl: 'https://SHOP.example/',
        siteUrl: 'https://shop.example/wp',
        wcVersion: '8.2.1',
      }),
    });
    const result = await checkKeys(access, 'https://shop.example', 'shop.example', keys, withProbe);
    expect(result).toEqual({
      checked: {
        systemStatus: {
          homeUrl: 'https://SHOP.example/',
          siteUrl: 'https://shop.example/wp',
          wcVersion: '8.2.1',
        },
        posPlugin: false,
        wpUser: null,
        checkedAt: expect.any(String),
      },
    });
    // Without the plugin its routes are never called.
    expect(calls).not.toContain('connection');
    expect(calls).toContain('probeWrite');
  });

  it('finds the plugin in the site’s namespaces and then asks it for the key’s WordPress user', async () => {
    const { access, calls } = storeAnswering({
      siteInfo: async () => ({
        name: 'Shop',
        home: 'https://shop.example',
        namespaces: ['wp/v2', 'wc/v3', 'pos-connect/v1'],
      }),
    });
    const result = await checkKeys(access, 'https://shop.example', 'shop.example', keys, withProbe);
    expect(result).toMatchObject({ checked: { posPlugin: true, wpUser: OWNER } });
    expect(calls).toContain('connection');
  });

  it('does not conclude anything about the plugin when the index cannot be read', async () => {
    const { access } = storeAnswering({
      siteInfo: async () => {
        throw new StoreHttpError(403, null, 'Forbidden');
      },
    });
    const result = await checkKeys(access, 'https://shop.example', 'shop.example', keys, withProbe);
    expect(result).toMatchObject({ checked: { posPlugin: null, wpUser: null } });
  });

  it('refuses keys whose system status names another home URL (the same-site check)', async () => {
    const { access } = storeAnswering({
      systemStatus: async () => ({
        homeUrl: 'https://other.example',
        siteUrl: 'https://other.example',
        wcVersion: '10.0.0',
      }),
    });
    const result = await checkKeys(access, 'https://shop.example', 'shop.example', keys, withProbe);
    expect(result).toEqual({
      failure: {
        reason: 'other-site',
        displayError: 'These keys belong to another site (https://other.example)',
        nextStep: expect.stringContaining('https://other.example'),
      },
    });
  });

  it('refuses a read-only key on the write probe with the product’s read-only text', async () => {
    const { access } = storeAnswering({
      probeWrite: async () => {
        throw authError('The API key provided does not have write permissions.');
      },
    });
    const result = await checkKeys(access, 'https://shop.example', 'shop.example', keys, withProbe);
    expect(result).toMatchObject({
      failure: {
        reason: 'read-only',
        displayError: 'These keys are read-only. Keys with Read/Write permissions are required.',
      },
    });
  });

  it('skips the write probe when the caller knows the permissions (the wc-auth callback)', async () => {
    const { access, calls } = storeAnswering();
    await checkKeys(access, 'https://shop.example', 'shop.example', keys, { probeWrite: false });
    expect(calls).not.toContain('probeWrite');
  });

  it.each([
    [authError('Consumer key is invalid.'), 'invalid-key'],
    // Over https an unknown key goes on unauthenticated and the route refuses it.
    [
      new StoreHttpError(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.'),
      'invalid-key',
    ],
    [authError('Consumer secret is invalid.'), 'invalid-secret'],
    [authError('Invalid signature - provided signature does not match.'), 'invalid-secret'],
    [authError('The API key provided does not have read permissions.'), 'read-only'],
    [
      new StoreHttpError(
        404,
        'rest_no_route',
        'No route was found matching the URL and request method.',
      ),
      'not-woocommerce',
    ],
    [new StoreUnreachableError('ECONNREFUSED'), 'unreachable'],
  ])('gives %s its own reason (%s), each with a next step', async (error, reason) => {
    const { access } = storeAnswering({
      systemStatus: async () => {
        throw error;
      },
    });
    const result = await checkKeys(access, 'https://shop.example', 'shop.example', keys, withProbe);
    expect(result).toMatchObject({ failure: { reason } });
    if ('failure' in result) expect(result.failure.nextStep).not.toBe('');
  });

  it('names the site’s own address when a signature fails because the site calls itself otherwise', async () => {
    const { access } = storeAnswering({
      systemStatus: async () => {
        throw authError('Invalid signature - provided signature does not match.');
      },
      siteInfo: async () => ({
        name: 'Shop',
        home: 'http://127.0.0.1:8080',
        namespaces: ['wc/v3'],
      }),
    });
    const result = await checkKeys(
      access,
      'http://localhost:8080',
      'localhost:8080',
      keys,
      withProbe,
    );
    expect(result).toEqual({
      failure: {
        reason: 'other-site',
        displayError:
          'The store calls itself http://127.0.0.1:8080, not http://localhost:8080, and WooCommerce checks signatures against its own address.',
        nextStep: "Change the application's URL to http://127.0.0.1:8080, then connect again.",
      },
    });
  });

  it('keeps the store’s own words for a refusal it does not know (a translated text)', async () => {
    const { access } = storeAnswering({
      systemStatus: async () => {
        throw authError('La clé client est invalide.');
      },
    });
    const result = await checkKeys(access, 'https://shop.example', 'shop.example', keys, withProbe);
    expect(result).toMatchObject({
      failure: {
        reason: 'invalid-key',
        displayError: 'The store did not accept these keys: La clé client est invalide.',
      },
    });
  });
});
