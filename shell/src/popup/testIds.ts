/** Test ids of the onboarding popup's pages (e2e page objects use these). */
export const popupTestIds = {
  page: 'popup-page',
  loading: 'popup-loading',
  error: 'popup-error',
  errorDetails: 'popup-error-details',
  success: 'popup-success',
  stationLink: 'popup-station-link',
  contactSupport: 'popup-contact-support',
  close: 'popup-close',
} as const;
