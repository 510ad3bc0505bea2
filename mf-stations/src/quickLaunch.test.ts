import { coffeeApplication, coffeeStations, heldTeaGroup, teaGroup } from './fixtures';
import { countPluginMissing, countStations, resolveQuickLaunch } from './quickLaunch';
import type { OwnApplicationStations } from './types';

const authorized = { code: 'authorized', label: 'Authorized', reason: null } as const;

const own: OwnApplicationStations[] = [
  {
    application: coffeeApplication,
    status: authorized,
    stations: coffeeStations,
    pluginMissing: false,
    error: null,
  },
  {
    application: { ...coffeeApplication, id: 'app_down', name: 'Closed Shop' },
    status: authorized,
    stations: null,
    pluginMissing: false,
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

  it('carries why a shared station does not open: its owner is held', () => {
    const [entry] = resolveQuickLaunch({ 'app_tea/1': true }, own, [heldTeaGroup]);
    expect(entry?.unavailable).toEqual(heldTeaGroup.unavailable);
    const [open] = resolveQuickLaunch({ 'app_coffee/2': true, 'app_tea/1': true }, own, [teaGroup]);
    expect(open?.unavailable).toBeNull();
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

describe('countPluginMissing', () => {
  it('counts the stores left out for lacking the Cloud POS plugin', () => {
    const garden: OwnApplicationStations = {
      application: { ...coffeeApplication, id: 'app_garden', name: 'Demo Garden Supply' },
      status: { code: 'authorized', label: 'Authorized', reason: null },
      stations: null,
      pluginMissing: true,
      error: null,
    };
    expect(countPluginMissing([...own, garden])).toBe(1);
    expect(countPluginMissing(own)).toBe(0);
  });
});
