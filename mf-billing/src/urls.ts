// Every path and URL of the billing domain lives here and nowhere else.

/** My Plan (spec 2.7). */
export const SUBSCRIPTION_PLANS_PATH = '/subscription-plans';

/** Where a successful subscribe goes (spec 4): the dashboard. */
export const DASHBOARD_PATH = '/';

/** The enterprise card's 'Contact Sales': a mail to the sales address of /config.json. */
export const contactSalesUrl = (salesEmail: string): string =>
  `mailto:${salesEmail}?subject=${encodeURIComponent('Enterprise plan')}`;

/** The api paths of the billing domain, relative to /api/connect-ui (spec 7). */
export const billingApiPaths = {
  subscriptionMonitor: 'subscription-monitor',
  subscriptionPlans: 'subscription-plans',
  subscription: 'subscription',
  paymentMethods: 'payment-methods',
  paymentMethod: 'payment-method',
  deletePaymentMethod: (id: string) => `payment-methods/${encodeURIComponent(id)}`,
  activePromotionCode: 'promotion-code/active',
  promotionCode: 'promotion-code',
} as const;
