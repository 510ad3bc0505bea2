import { customSlugProblem, isDefaultSlug, normaliseSlug, SLUG_TEXTS } from './slugs';

describe('customSlugProblem', () => {
  it.each(['front-counter-2', 'a', 'a'.repeat(64), 'bar1'])('takes %j', (slug) => {
    expect(customSlugProblem(slug)).toBeNull();
  });

  it.each([['a b'], ['bar_1'], ['-bar'], ['bar-'], ['bar--1'], ['café']])(
    'refuses %j as not lowercase words joined by single hyphens',
    (slug) => {
      expect(customSlugProblem(slug)).toBe(SLUG_TEXTS.pattern);
    },
  );

  it("says what is wrong in the server's words", () => {
    expect(customSlugProblem('')).toBe('The POS URL cannot be empty');
    expect(customSlugProblem('a'.repeat(65))).toBe('The POS URL can be at most 64 characters long');
    expect(customSlugProblem('Front')).toBe(
      'The POS URL can only contain lowercase letters a-z, digits and single hyphens between them',
    );
    expect(customSlugProblem('2024')).toBe('The POS URL must contain at least one letter');
    expect(customSlugProblem('pos')).toBe(
      "'pos' is the default station's POS URL: turn Default on instead.",
    );
  });
});

describe('the default slug', () => {
  it("is 'pos'", () => {
    expect(isDefaultSlug('pos')).toBe(true);
    expect(isDefaultSlug('pos-2')).toBe(false);
  });
});

describe('normaliseSlug', () => {
  it('trims and lowercases what was typed', () => {
    expect(normaliseSlug(' Front-Counter ')).toBe('front-counter');
  });
});
