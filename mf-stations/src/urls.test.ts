import {
  applicationStationsPath,
  cloudStationUrl,
  cloudStationUrlPrefix,
  quickLaunchKey,
  sharedStationsPath,
  storeStationsAdminUrl,
} from './urls';

describe('cloudStationUrl', () => {
  it('joins the cloud POS origin, the application slug and the station slug', () => {
    expect(cloudStationUrl('http://127.0.0.1:4300', 'demo-coffee-roasters', 'pos')).toBe(
      'http://127.0.0.1:4300/demo-coffee-roasters/pos',
    );
    expect(cloudStationUrl('https://pos.example.com', 'book-nook', '3')).toBe(
      'https://pos.example.com/book-nook/3',
    );
  });

  it('does not double the slash of an origin given with one', () => {
    expect(cloudStationUrl('https://pos.example.com/', 'shop', 'espresso-bar')).toBe(
      'https://pos.example.com/shop/espresso-bar',
    );
  });

  it('shows the same prefix before the slug field', () => {
    expect(cloudStationUrlPrefix('http://pos.test', 'shop')).toBe('http://pos.test/shop/');
  });
});

describe('the stations paths', () => {
  it('point at the own and the shared stations of an application', () => {
    expect(applicationStationsPath('app_1')).toBe('/applications/app_1/stations');
    expect(sharedStationsPath('app_1')).toBe('/applications/app_1/shared-stations');
  });

  it("link to the store's admin station list", () => {
    expect(storeStationsAdminUrl('http://127.0.0.1:4201/')).toBe(
      'http://127.0.0.1:4201/wp-admin/edit.php?post_type=pos_station',
    );
  });

  it('key a station of quick launch by application and station', () => {
    expect(quickLaunchKey('app_1', '3')).toBe('app_1/3');
  });
});
