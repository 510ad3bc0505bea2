import { coffeeApplication, coffeeStations, teaGroup } from './fixtures';
import { countStations, resolveQuickLaunch } from './quickLaunch';
import type { OwnApplicationStations } from './types';

const own: OwnApplicationStations[] = [
  { application: coffeeApplication, stations: coffeeStations, error: null },
  {
    application: { ...coffeeApplication, id: 'app_down', name: 'Closed Shop' },
    stations: null,
    error: 'The store could not be reached',
  },
];

describe('resolveQuickLaunch', () => {
  it('gives the pinned stations, own ones first, with where each belongs', () => {
    const resolved = resolveQuickLaunch({ 'app_tea/1': true, 'app_coffee/2': true }, own, [
      teaGroup,
    ]);
    expect(resolved.map(({ key, station, kind }) => [key, station.name, kind])).toEqual([
      ['app_coffee/2', 'Espresso Bar', 'own'],
      ['app_tea/1', 'Tea Counter', 'shared'],
    ]);
  });

  it('leaves out keys whose station is gone or whose store could not be asked', () => {
    expect(
      resolveQuickLaunch({ 'app_coffee/9': true, 'app_down/1': true, 'app_gone/1': true }, own, [
        teaGroup,
      ]),
    ).toEqual([]);
  });
});

describe('countStations', () => {
  it('adds the own stations that could be loaded and the shared ones', () => {
    expect(countStations(own, [teaGroup])).toBe(5);
    expect(countStations([], [])).toBe(0);
  });
});
