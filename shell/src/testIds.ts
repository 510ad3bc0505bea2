/**
 * Stable test ids of the shell, for unit tests and the e2e page objects. Nothing else should
 * depend on these strings; change them here and in e2e together.
 */
export const testIds = {
  app: {
    loading: 'shell-loading',
    errorFallback: 'shell-error-fallback',
    configError: 'shell-config-error',
    accountError: 'shell-account-error',
  },
  /** /login/{token} while another account is signed in. */
  switchAccount: {
    root: 'switch-account',
    current: 'switch-account-current',
    next: 'switch-account-next',
    switch: 'switch-account-switch',
    stay: 'switch-account-stay',
  },
  landing: {
    root: 'landing',
    signIn: 'landing-sign-in',
    getStarted: 'landing-get-started',
    learnMore: 'landing-learn-more',
    features: 'landing-features',
    compatibility: 'landing-compatibility',
  },
  nav: {
    root: 'side-nav',
    item: (id: string) => `nav-item-${id}`,
    collapseToggle: 'nav-collapse-toggle',
    mobileMenuButton: 'mobile-menu-button',
    mobileTopBar: 'mobile-top-bar',
    /** The slot of a remote's side navigation widget (e.g. `nav-widget-assistant`). */
    widget: (id: string) => `nav-widget-${id}`,
  },
  profileMenu: {
    button: 'profile-menu-button',
    menu: 'profile-menu',
    name: 'profile-name',
    email: 'profile-email',
    accountSettings: 'profile-menu-account-settings',
    appsDashboard: 'profile-menu-apps-dashboard',
    myPlan: 'profile-menu-my-plan',
    logout: 'profile-menu-logout',
  },
  bubbles: {
    stack: 'bubble-stack',
    bubble: 'bubble',
    close: 'bubble-close',
  },
  banners: {
    servicePaused: 'banner-service-paused',
    paymentOverdue: 'banner-payment-overdue',
    confirmEmail: 'banner-confirm-email',
    /** The 14 days to confirm the email and how many are left. */
    confirmDeadline: 'banner-confirm-deadline',
    resendEmail: 'banner-resend-email',
    /** The print-service-paused warning a banned account with overdue invoices sees. */
    printServicePaused: 'banner-print-service-paused',
    /** Each overdue invoice's link to Stripe's hosted invoice page. */
    overdueInvoice: 'banner-overdue-invoice',
    /** 'Trial Ended' or 'POINT OF SALE SERVICE PAUSED': the plan's order limit is reached. */
    planLimit: 'banner-plan-limit',
    /** The plan limit banner's link to /subscription-plans. */
    choosePlan: 'banner-choose-plan',
  },
  remoteSlot: {
    root: 'remote-slot',
    loading: 'remote-slot-loading',
    error: 'remote-slot-error',
    retry: 'remote-slot-retry',
  },
  dashboard: {
    root: 'dashboard',
    welcome: 'dashboard-welcome',
    tile: (id: string) => `dashboard-tile-${id}`,
    empty: 'dashboard-empty',
  },
  resources: {
    root: 'resources',
    link: (key: string) => `resource-link-${key}`,
  },
  deactivated: {
    root: 'deactivated',
    supportLink: 'deactivated-support-link',
  },
  accessDenied: {
    root: 'access-denied',
    stationsLink: 'access-denied-stations-link',
    wpAccessLink: 'access-denied-wp-access-link',
    homeLink: 'access-denied-home-link',
  },
  footer: {
    root: 'footer',
    privacy: 'footer-privacy',
    terms: 'footer-terms',
    support: 'footer-platform-support',
  },
  sso: {
    frame: 'sso-frame',
  },
  /** The onboarding iframe overlay (spec 2.10), opened by the bus's open-onboarding-iframe. */
  onboarding: {
    overlay: 'onboarding-overlay',
    frame: 'onboarding-frame',
    close: 'onboarding-close',
  },
} as const;
