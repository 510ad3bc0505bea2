import { decideDefault, decideSlug, isDefaultStation } from './stationRules';
import type { Station } from './types';

const station = (posID: string, cloudStationSlug: string): Station => ({
  posID,
  name: `Station ${posID}`,
  url: `http://127.0.0.1:4201/pos/${posID}`,
  cloudStationSlug,
  access: true,
  globalSettings: {},
});

const front = station('1', 'pos');
const espresso = station('2', 'espresso-bar');
const pickup = station('3', '3');
const stations = [front, espresso, pickup];

const DEFAULT_MESSAGE =
  'Default station has already been assigned for the application. Disable current default and assign a new station as the default.';
const DUPLICATE_MESSAGE = 'POS URL already exist. A unique POS URL per station is required.';

describe('the default station rules', () => {
  it("knows the default by its slug 'pos'", () => {
    expect(isDefaultStation(front)).toBe(true);
    expect(isDefaultStation(espresso)).toBe(false);
  });

  it("turns Default on with the slug 'pos' when no other station is the default", () => {
    expect(decideDefault([espresso, pickup], pickup, true)).toEqual({
      kind: 'save',
      stationSlug: 'pos',
    });
  });

  it("refuses a second default with the spec's message", () => {
    expect(decideDefault(stations, pickup, true)).toEqual({
      kind: 'refused',
      reason: 'default-assigned',
      message: DEFAULT_MESSAGE,
    });
  });

  it('turns Default off by giving the station its id as slug', () => {
    expect(decideDefault(stations, front, false)).toEqual({ kind: 'save', stationSlug: '1' });
  });

  it('asks nothing when the switch already says so', () => {
    expect(decideDefault(stations, front, true)).toEqual({ kind: 'unchanged' });
    expect(decideDefault(stations, espresso, false)).toEqual({ kind: 'unchanged' });
  });
});

describe('the POS URL slug rules', () => {
  it('saves a new unique slug, trimmed and lowercased', () => {
    expect(decideSlug(stations, pickup, '  Pickup-Window ')).toEqual({
      kind: 'save',
      stationSlug: 'pickup-window',
    });
  });

  it('asks nothing when the slug did not change', () => {
    expect(decideSlug(stations, espresso, 'espresso-bar')).toEqual({ kind: 'unchanged' });
  });

  it("refuses another station's slug with the spec's message", () => {
    expect(decideSlug(stations, pickup, 'espresso-bar')).toEqual({
      kind: 'refused',
      reason: 'duplicate',
      message: DUPLICATE_MESSAGE,
    });
  });

  it("treats another station's id as taken while that station has no custom slug", () => {
    expect(decideSlug(stations, espresso, '3')).toMatchObject({ reason: 'duplicate' });
  });

  it("refuses 'pos' as the default's alone, and a duplicate of the default as a duplicate", () => {
    expect(decideSlug([espresso, pickup], pickup, 'pos')).toMatchObject({ reason: 'invalid' });
    expect(decideSlug(stations, pickup, 'pos')).toMatchObject({ reason: 'duplicate' });
  });

  it('resets a custom slug to the station id', () => {
    expect(decideSlug(stations, espresso, '2')).toEqual({ kind: 'save', stationSlug: '2' });
  });

  it("never changes the default station's POS URL", () => {
    expect(decideSlug(stations, front, 'front')).toMatchObject({
      kind: 'refused',
      reason: 'invalid',
      message: "The default station's POS URL cannot be changed. Turn Default off first.",
    });
  });

  it('refuses slugs the server would refuse', () => {
    for (const typed of [
      '',
      'a b',
      'bar_1',
      '-bar',
      'bar-',
      'bar--1',
      '42',
      'café',
      'a'.repeat(65),
    ]) {
      expect(decideSlug(stations, pickup, typed)).toMatchObject({ reason: 'invalid' });
    }
  });
});
