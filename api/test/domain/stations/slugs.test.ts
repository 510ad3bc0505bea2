import { DEFAULT_STATION_SLUG } from '@pos/shared/rules';
import {
  cloudUrlOf,
  SLUG_MESSAGES,
  slugOf,
  slugRequestOf,
} from '../../../src/domain/stations/slugs';

describe('slugRequestOf', () => {
  it('reads pos as turning Default on and the station id as a reset', () => {
    expect(slugRequestOf('7', DEFAULT_STATION_SLUG)).toBe('default');
    expect(slugRequestOf('7', '7')).toBe('reset');
  });

  it('accepts lowercase words joined by single hyphens with a letter', () => {
    expect(slugRequestOf('7', 'espresso-bar')).toBe('custom');
    expect(slugRequestOf('7', 'bar2')).toBe('custom');
    expect(slugRequestOf('7', 'a'.repeat(64))).toBe('custom');
  });

  it('names the rule a slug breaks', () => {
    expect(slugRequestOf('7', '')).toEqual({ error: SLUG_MESSAGES.empty });
    expect(slugRequestOf('7', 'a'.repeat(65))).toEqual({ error: SLUG_MESSAGES.tooLong });
    for (const slug of ['Bar', 'bar--x', '-bar', 'bar-', 'bar_x', 'bär']) {
      expect(slugRequestOf('7', slug)).toEqual({ error: SLUG_MESSAGES.pattern });
    }
    // Another station's id: it could collide with that station's address.
    expect(slugRequestOf('7', '8')).toEqual({ error: SLUG_MESSAGES.letter });
    expect(slugRequestOf('7', '12-34')).toEqual({ error: SLUG_MESSAGES.letter });
  });
});

describe('slugOf and cloudUrlOf', () => {
  it('gives a station its stored slug, else its id, under the cloud POS origin', () => {
    const slugs = new Map([['1', 'pos']]);
    expect(slugOf({ posId: 1 }, slugs)).toBe('pos');
    expect(slugOf({ posId: 2 }, slugs)).toBe('2');
    expect(cloudUrlOf({ cloudPosUrl: 'https://pos.example' }, 'shop', 'pos')).toBe(
      'https://pos.example/shop/pos',
    );
  });
});
