import { isSameOriginPath, safeRedirectPath } from './redirect';

const foreign = [
  '//evil.example',
  '//evil.example/x',
  'https://evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  '/\tevil',
  '/a b',
  '/a\u00a0b',
  '/\u0000',
  '',
  'stations',
  `/${'a'.repeat(2048)}`,
];

describe('isSameOriginPath', () => {
  it.each(['/stations', '/onboarding?step=2', '/pos/main?x=1#top', '/'])('takes %j', (path) => {
    expect(isSameOriginPath(path)).toBe(true);
  });

  it.each([...foreign, null, undefined, 42])('refuses %p', (path) => {
    expect(isSameOriginPath(path)).toBe(false);
  });
});

describe('safeRedirectPath', () => {
  it.each(['/stations', '/pos/main?x=1#top', '/a/b/c'])('keeps the same-origin path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it('normalises dot segments', () => {
    expect(safeRedirectPath('/a/../b')).toBe('/b');
  });

  it.each([...foreign, null, undefined])('falls back to / for %p', (path) => {
    expect(safeRedirectPath(path)).toBe('/');
  });

  it('falls back to the given path', () => {
    expect(safeRedirectPath('//evil.example', '')).toBe('');
  });
});
