import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each(['/stations', '/pos/main?x=1#top', '/a/b/c'])('keeps the same-origin path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\tevil',
    '',
    'stations',
    null,
    undefined,
  ])('falls back to / for %p', (path) => {
    expect(safeRedirectPath(path)).toBe('/');
  });
});
