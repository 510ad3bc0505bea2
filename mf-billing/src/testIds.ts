/** Stable data-testid values of the billing remote, shared with the end-to-end tests. */
export const billingTestIds = {
  /** /subscription-plans (spec 2.7). */
  plans: {
    page: 'subscription-plans-page',
    accessToggle: 'plans-access-toggle',
    /** One per plan card; the card also carries `data-plan` (the plan's name). */
    card: 'plan-card',
    cardAction: 'plan-card-action',
    cardPrice: 'plan-card-price',
    expiresSoon: 'plan-expires-soon',
    endsOn: 'plan-ends-on',
    enterprise: 'enterprise-card',
    error: 'plans-error',
    usage: 'plans-usage',
  },
  /** The payment form (spec 2.7, 4, 5). */
  payment: {
    form: 'payment-form',
    subscribe: 'subscribe-button',
    subscribeError: 'subscribe-error',
    /** The card provider's (or the api's) reason beside 'something wrong'. */
    subscribeReason: 'subscribe-error-reason',
    total: 'total-due-now',
    recurring: 'recurring-discount',
    promoInput: 'promo-code-input',
    promoApply: 'promo-code-apply',
    promoApplied: 'promo-code-applied',
    promoError: 'promo-code-error',
    toMethods: 'to-payment-methods',
    toSubscribe: 'to-subscribe',
  },
  /** The 'Payment Methods' list and its edit-card view. */
  cards: {
    list: 'payment-methods',
    /** One per saved card; the card also carries `data-last4`. */
    card: 'saved-card',
    defaultBadge: 'saved-card-default',
    edit: 'saved-card-edit',
    remove: 'saved-card-delete',
    makeDefault: 'saved-card-make-default',
    addForm: 'add-card-form',
    cardElement: 'card-element',
    limit: 'card-limit',
    error: 'payment-methods-error',
    editForm: 'edit-card-form',
  },
  /** The dashboard's My Plan tile. */
  tile: {
    root: 'my-plan-tile',
    name: 'my-plan-name',
    price: 'my-plan-price',
    orders: 'my-plan-orders',
    expiresSoon: 'my-plan-expires-soon',
    link: 'my-plan-link',
    usage: 'my-plan-usage',
  },
  /** This period's orders and excess (the tile's and the page's `usage` root ids differ). */
  usage: {
    orders: 'plan-usage-orders',
    included: 'plan-usage-included',
    excess: 'plan-usage-excess',
    excessAmount: 'plan-usage-excess-amount',
  },
} as const;
