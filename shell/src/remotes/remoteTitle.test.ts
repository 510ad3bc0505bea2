import { remoteTitle } from './remoteTitle';

describe('remoteTitle', () => {
  it('names a remote by its title, else its first route, else its name', () => {
    const entry = 'http://remote.test/mf-manifest.json';
    expect(
      remoteTitle({ name: 'mf_billing', entry, access: 'all', routes: [], title: 'My Plan' }),
    ).toBe('My Plan');
    expect(remoteTitle({ name: 'mf_admin', entry, access: 'all', routes: ['/admin-panel'] })).toBe(
      'Admin Panel',
    );
    expect(remoteTitle({ name: 'mf_stations', entry, access: 'all', routes: [] })).toBe('Stations');
  });
});
