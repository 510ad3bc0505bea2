/**
 * Leaving the dashboard for another site, behind one object so tests can replace it (jsdom
 * cannot navigate).
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
