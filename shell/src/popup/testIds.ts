/** Test ids of the onboarding popup's pages (e2e page objects use these). */
export const popupTestIds = {
  page: 'popup-page',
  loading: 'popup-loading',
  confirm: 'popup-confirm',
  confirmStoreName: 'popup-confirm-store-name',
  confirmStoreUrl: 'popup-confirm-store-url',
  confirmAccount: 'popup-confirm-account',
  confirmButton: 'popup-confirm-button',
  cancel: 'popup-cancel',
  error: 'popup-error',
  errorDetails: 'popup-error-details',
  success: 'popup-success',
  stationLink: 'popup-station-link',
  contactSupport: 'popup-contact-support',
  close: 'popup-close',
} as const;
