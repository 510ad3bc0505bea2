/** Keys the shell keeps in the browser's storage, in one place. */
export const storageKeys = {
  /** sessionStorage: where to go after sign-in. */
  redirectPath: 'pos.redirectPath',
  /** sessionStorage: "1" when the redirect path came from /pos-unauthorized (a POS redirect). */
  redirectIsPos: 'pos.redirectIsPos',
  /** localStorage: "true" when the user joined from the provider's iframe (spec 2.1). */
  iframeJoin: 'pos.isIframeJoin',
  /** localStorage: "1" when the side navigation is collapsed. */
  navCollapsed: 'pos.navCollapsed',
} as const;
