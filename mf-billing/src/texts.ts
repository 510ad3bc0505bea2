// The spec's words for plans and payments, written once (spec 2.7, 4, 5, 8, 9).

/** Spec 2.7: the page, the non-managers' toggle and the enterprise card. */
export const MY_PLAN = 'My Plan';
export const SUBSCRIBE_TO_A_PLAN = 'Subscribe to a plan';
export const PLANS = 'Plans';
export const POS_PLANS = 'POS Plans';
export const SHARED_ACCESS = 'Shared Access';
export const CONTACT_SALES = 'Contact Sales';
export const ENTERPRISE = 'Enterprise';
export const ENTERPRISE_LEAD = 'Custom pricing for high-volume stores and agencies';
export const ENTERPRISE_FEATURES = [
  'Credit based usage plans',
  'High-volume usage discounts',
  'Large agency account usage',
  'Enterprise level account usage',
] as const;
export const LOADING_PLANS = 'Loading plans';
export const LOADING_PLAN = 'Loading plan';

/** Spec 4: the plan card's button, its badges and the pending end of the plan. */
export const CARD_LABELS = {
  yourPlan: 'Your Plan',
  pendingFree: 'Pending Free Plan',
  downgrade: 'Downgrade to Free',
  selected: 'Selected',
  select: 'Select',
} as const;
export const EXPIRES_SOON = 'Expires Soon';
export const planEndsOn = (date: string) => `Plan set to end on ${date}`;
export const TRIAL_TOOLTIP = 'After the subscription ends, you will be moved to the Trial plan.';
export const MOST_POPULAR = 'Most Popular';
export const PLAN_JUST_FOR_YOU = 'Plan Just for You';

/** Spec 4: the subscribe button. */
export const SUBSCRIBE_LABELS = {
  subscribe: 'Subscribe',
  cancel: 'Cancel',
  subscribeToPlan: 'Subscribe to Plan',
  update: 'Update Subscription',
} as const;

/** Spec 8: a subscribe that failed. */
export const SUBSCRIBE_FAILED = 'something wrong';
/** After a successful subscribe, on the bus. */
export const PLAN_UPDATED = 'Your plan was updated.';

/** Spec 5: a non-manager choosing a POS (manager) plan is warned first. */
export const BECOME_MANAGER_TITLE = 'Change to a manager account?';
export const BECOME_MANAGER_WARNING =
  'Changing from a POS-only user account to a manager account cannot be reversed.';
export const BECOME_MANAGER_CONFIRM = 'Change account';

/** Spec 9: the tile texts and feature lines. */
export const ordersIncluded = (count: number) => `${count} Orders included`;
export const SERVICE_PAUSES = 'Service pauses on limit cap';
export const perExtraOver = (price: string) => `${price} per extra over`;
export const freeOrders = (count: number) => `You get ${count} orders free`;
export const cloudOrdersFree = (count: number) => `${count} cloud POS orders free`;
export const eachCloudOrder = (price: string) => `+${price} each cloud POS order`;
export const cloudOrdersPerMonth = (count: number) => `${count} cloud POS orders per month`;
export const UNLIMITED = 'Unlimited';
export const PER_MONTH = '/month';
export const BASICS_FEATURES = [
  '1 manager',
  '1 cashier account',
  'Unlimited self-hosted POS orders',
  'Unlimited stations',
  'AI assistant',
] as const;
export const PRO_FEATURES = [
  'Unlimited self-hosted POS orders',
  'Unlimited staff accounts',
  'Unlimited stations',
  'AI assistant',
  '24/7 priority support',
] as const;

/** Issue 29: this period's orders and the excess orders billed beyond the included ones. */
export const THIS_PERIOD = 'This period';
export const USAGE_LABELS = {
  orders: 'Orders this period',
  included: 'Included',
  excess: 'Excess so far',
  excessAmount: 'Excess amount to date',
} as const;

/** Spec 5, 9: promo codes and the total. */
export const PROMO_CODE = 'Promo code';
export const APPLY = 'Apply';
export const TOTAL_DUE_NOW = 'Total due now';
export const recurringDiscount = (periods: number) =>
  `Recurring discount valid for ${periods} billing periods`;
export const PROMO_FAILED =
  'An error occurred while verifying the promo code.\nPlease try again later';

/** Spec 2.7, 5, 8: payment methods. */
export const PAYMENT_METHODS = 'Payment Methods';
export const BACK_TO_SUBSCRIBE = 'Back to plan';
export const ADD_CARD = 'Add card';
export const SAVE_CARD = 'Save card';
export const EDIT_CARD = 'Edit card';
export const SAVE_BILLING_DETAILS = 'Save billing details';
export const BACK_TO_CARDS = 'Back to cards';
export const DELETE_CARD = 'Delete card';
export const MAKE_DEFAULT = 'Make default';
export const DEFAULT_CARD = 'Default';
export const NO_CARDS = 'No saved cards yet';
/** The api's words (BILLING_TEXTS.tooManyCards), then what to do. */
export const CARD_LIMIT_REACHED = 'You can save at most 2 cards. Delete one to add another.';
export const LOADING_CARDS = 'Loading payment methods';
export const LOADING_STRIPE = 'Loading the secure card form';
export const CARD_IN_USE = (services: readonly string[]) => `Used by ${services.join(', ')}`;
export const deleteCardQuestion = (funding: string) =>
  `Are you sure you want to permanently delete this ${funding} card?`;
export const NAME_ON_CARD = 'Name on card';
export const CARD_DETAILS = 'Card details';
export const NAME_ON_CARD_REQUIRED = 'Name on card field cannot be empty';
export const NAME_ON_INVOICE = 'Name on Invoice';
export const NAME_ON_INVOICE_REQUIRED = 'Name on Invoice cannot be empty';
export const ADDRESS_LABELS = {
  line1: 'Address 1',
  line2: 'Address 2',
  city: 'City',
  state: 'State',
  country: 'Country',
} as const;
export const COUNTRY_HINT = 'Two-letter country code, e.g. US';
/** Spec 5, character for character ('emptry' included). */
export const fieldCannotBeEmpty = (label: string) => `${label} field cannot be emptry`;
/** The api's own text (BILLING_TEXTS.needCard). */
export const NO_CARD_FOR_PAID_PLAN = 'Add a payment method to subscribe to a paid plan.';
export const SELECT_A_PLAN = 'Choose a plan above to see what is due now.';
export const PAYMENT = 'Payment';

/**
 * Spec 8: the payment methods' errors, one pattern, character for character (the list is
 * 'payment methods', one card 'payment method'; the newline is shown as a line break).
 */
const paymentMethodError = (doing: string) =>
  `An error occurred while ${doing}.\nPlease try again later`;
export const PAYMENT_METHOD_ERRORS = {
  receiving: paymentMethodError('receiving payment methods'),
  attaching: paymentMethodError('attaching payment method'),
  updating: paymentMethodError('updating payment method'),
  deleting: paymentMethodError('deleting payment method'),
} as const;

/** Spec 2.3: the dashboard tile. */
export const NO_PLAN = 'No plan yet';
export const CHOOSE_PLAN = 'Choose a plan';
export const VIEW_PLANS = 'View plans';
export const UNAVAILABLE_WHILE_PAUSED = 'Unavailable while the account is paused';
