import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../../src/db/types';
import { decideOpening, DENIALS, sameOrigin } from '../../../src/domain/stations/access';
import type { StoreAccess } from '../../../src/domain/store-access';
import type { Repositories } from '../../../src/repositories';

describe('sameOrigin', () => {
  it('accepts only an http(s) page of the store’s own origin', () => {
    expect(sameOrigin('https://shop.example/pos/1', 'https://shop.example')).toBe(true);
    expect(sameOrigin('https://shop.example:443/pos/1', 'https://shop.example')).toBe(true);
    expect(sameOrigin('http://shop.example/pos/1', 'https://shop.example')).toBe(false);
    expect(sameOrigin('https://shop.example.evil/pos', 'https://shop.example')).toBe(false);
    expect(sameOrigin('javascript:alert(1)', 'https://shop.example')).toBe(false);
    expect(sameOrigin('not a url', 'https://shop.example')).toBe(false);
  });
});

describe('decideOpening', () => {
  const log = { warn: jest.fn() } as unknown as FastifyBaseLogger;
  const address = { appSlug: 'shop', stationSlug: 'pos' };

  it('pauses a banned user without looking anything up', async () => {
    const repos = {} as Repositories;
    const decision = await decideOpening(
      repos,
      {} as StoreAccess,
      { block: 'block' } as UserRow,
      address,
      log,
    );
    expect(decision).toEqual({ appId: '', wpHome: '', posId: '', ...DENIALS.paused });
  });

  it('says Station not found, naming nothing, for an unknown application', async () => {
    const repos = {
      applications: { findBySlug: jest.fn().mockResolvedValue(undefined) },
    } as unknown as Repositories;
    const decision = await decideOpening(
      repos,
      {} as StoreAccess,
      { id: 'u1', block: 'unblock', email: 'a@x.example', is_verified: 1 } as UserRow,
      address,
      log,
    );
    expect(decision).toEqual({ appId: '', wpHome: '', posId: '', ...DENIALS.notFound });
  });
});
