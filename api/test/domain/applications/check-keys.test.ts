import { randomBytes } from 'node:crypto';
import { checkKeys } from '../../../src/domain/applications/authorization';
import type { StoreAccess } from '../../../src/domain/store-access';
import { createSecretBox } from '../../../src/services/secret-box';
import type { StoreClient, StoreConnection } from '../../../src/services/store-client';

function accessAnswering(connection: Partial<StoreConnection>): StoreAccess {
  const store = {
    connection: async () => ({
      homeUrl: 'https://shop.example',
      siteName: 'Shop',
      keyPermissions: 'read_write',
      user: { id: 1, username: 'a', email: 'a@shop.example', name: 'A', roles: [] },
      multipleUserPluginActive: false,
      ...connection,
    }),
  } as unknown as StoreClient;
  return {
    store,
    secrets: createSecretBox(randomBytes(32)),
    dashboardOrigin: 'http://127.0.0.1:3000',
    posPublicUrl: 'https://127.0.0.1:4443',
    allowPrivateHosts: true,
    loginProviderUrl: 'http://127.0.0.1:4100',
    cloudPosUrl: 'http://127.0.0.1:4300',
  };
}

const keys = { consumerKey: 'ck_a', consumerSecret: 'cs_b' };

describe('checkKeys', () => {
  it('accepts Read/Write keys of the same site, whatever the case or trailing slash', async () => {
    const result = await checkKeys(
      accessAnswering({ homeUrl: 'https://SHOP.example/' }),
      'https://shop.example',
      'shop.example',
      keys,
    );
    expect('connection' in result).toBe(true);
  });

  it('refuses keys whose store says it is another site (https stores use Basic auth)', async () => {
    const result = await checkKeys(
      accessAnswering({ homeUrl: 'https://other.example' }),
      'https://shop.example',
      'shop.example',
      keys,
    );
    expect(result).toEqual({
      failure: {
        reason: 'other-site',
        displayError: 'These keys belong to another site (https://other.example)',
      },
    });
  });

  it('refuses write-only or read-only keys', async () => {
    const result = await checkKeys(
      accessAnswering({ keyPermissions: 'read' }),
      'https://shop.example',
      'shop.example',
      keys,
    );
    expect(result).toMatchObject({ failure: { reason: 'read-only' } });
  });
});
