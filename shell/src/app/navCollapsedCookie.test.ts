import {
  NAV_COLLAPSED_COOKIE,
  navCollapsedCookie,
  writeNavCollapsedCookie,
} from './navCollapsedCookie';

describe('the collapsed navigation cookie', () => {
  it('is set for a year while collapsed and expired otherwise, for the whole origin', () => {
    expect(navCollapsedCookie(true, false)).toBe(
      `${NAV_COLLAPSED_COOKIE}=1; Max-Age=31536000; Path=/; SameSite=Lax`,
    );
    expect(navCollapsedCookie(false, false)).toBe(
      `${NAV_COLLAPSED_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`,
    );
    expect(navCollapsedCookie(true, true)).toMatch(/; Secure$/);
  });

  it("is written into the document's cookies", () => {
    writeNavCollapsedCookie(document, true);
    expect(document.cookie).toContain(`${NAV_COLLAPSED_COOKIE}=1`);
    writeNavCollapsedCookie(document, false);
    expect(document.cookie).not.toContain(NAV_COLLAPSED_COOKIE);
  });
});
