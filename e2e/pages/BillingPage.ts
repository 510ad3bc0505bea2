import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { billingTestIds as ids } from '../../mf-billing/src/testIds';

/** A card as the journeys type it into Stripe's card element (any future expiry, any CVC). */
export interface TypedCard {
  number: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

/**
 * The billing remote: /subscription-plans (My Plan) with its plan cards, the payment form
 * (subscribe view and 'Payment Methods' list, list and edit-card view), promo codes, and the
 * dashboard's My Plan tile.
 */
export class BillingPage {
  readonly root: Locator;
  readonly heading: Locator;
  readonly accessToggle: Locator;
  readonly paymentForm: Locator;
  readonly subscribeButton: Locator;
  readonly subscribeError: Locator;
  readonly total: Locator;
  readonly recurring: Locator;
  readonly promoInput: Locator;
  readonly promoApply: Locator;
  readonly promoApplied: Locator;
  readonly promoError: Locator;
  readonly savedCards: Locator;
  readonly addCardForm: Locator;
  readonly cardLimit: Locator;
  readonly editCardForm: Locator;
  readonly tile: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId(ids.plans.page);
    // Scoped to the remote's page: while a slot loads, the shell holds a hidden h1 of its own.
    this.heading = this.root.getByRole('heading', { level: 1, name: 'Subscribe to a plan' });
    this.accessToggle = page.getByTestId(ids.plans.accessToggle);
    this.paymentForm = page.getByTestId(ids.payment.form);
    this.subscribeButton = page.getByTestId(ids.payment.subscribe);
    this.subscribeError = page.getByTestId(ids.payment.subscribeError);
    this.total = page.getByTestId(ids.payment.total);
    this.recurring = page.getByTestId(ids.payment.recurring);
    this.promoInput = page.getByRole('textbox', { name: 'Promo code' });
    this.promoApply = page.getByTestId(ids.payment.promoApply);
    this.promoApplied = page.getByTestId(ids.payment.promoApplied);
    this.promoError = page.getByTestId(ids.payment.promoError);
    this.savedCards = page.getByTestId(ids.cards.card);
    this.addCardForm = page.getByTestId(ids.cards.addForm);
    this.cardLimit = page.getByTestId(ids.cards.limit);
    this.editCardForm = page.getByTestId(ids.cards.editForm);
    this.tile = page.getByTestId(ids.tile.root);
  }

  /** /subscription-plans, once its plans have loaded. */
  async open(): Promise<void> {
    await this.page.goto('/subscription-plans');
    await this.expectLoaded();
  }

  /** The plans page is showing its plans. */
  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.plans.first()).toBeVisible();
  }

  /** Every plan card on the page. */
  get plans(): Locator {
    return this.page.getByTestId(ids.plans.card);
  }

  /** The card of the plan named `name` (Trial, Basics, Pro, Cashier, …). */
  planCard(name: string): Locator {
    return this.page.locator(`[data-testid="${ids.plans.card}"][data-plan="${name}"]`);
  }

  /** The button of a plan card: 'Your Plan', 'Pending Free Plan', 'Downgrade to Free', 'Selected' or 'Select'. */
  planAction(name: string): Locator {
    return this.planCard(name).getByTestId(ids.plans.cardAction);
  }

  /** Chooses a plan on its card; the card then says 'Selected' (or stays 'Downgrade to Free'). */
  async choosePlan(name: string): Promise<void> {
    await this.planAction(name).click();
  }

  /** The payment form's switch to the 'Payment Methods' list. */
  async openPaymentMethods(): Promise<void> {
    await this.page.getByTestId(ids.payment.toMethods).click();
    await expect(this.page.getByTestId(ids.cards.list)).toBeVisible();
  }

  /** The 'Payment Methods' list's switch back to the subscribe view. */
  async backToSubscribe(): Promise<void> {
    await this.page.getByTestId(ids.payment.toSubscribe).click();
    await expect(this.subscribeButton).toBeVisible();
  }

  /** The card element's frame in the add form: Stripe.js's (here the payments sandbox's). */
  cardFrame(): FrameLocator {
    return this.addCardForm.frameLocator('iframe[title="Secure card payment input frame"]');
  }

  /** Types a card into the add form (its name and Stripe's card element) and saves it. */
  async addCard({ number, expiry = '12 / 34', cvc = '123', name = 'Maya Manager' }: TypedCard) {
    await expect(this.addCardForm).toBeVisible();
    await this.addCardForm.getByLabel('Name on card').fill(name);
    const frame = this.cardFrame();
    await frame.getByLabel('Credit or debit card number').fill(number);
    await frame.getByLabel('Credit or debit card expiration date').fill(expiry);
    await frame.getByLabel('Credit or debit card CVC/CVV').fill(cvc);
    await this.addCardForm.getByRole('button', { name: 'Save card' }).click();
  }

  /** The saved card ending in `last4`. */
  savedCard(last4: string): Locator {
    return this.page.locator(`[data-testid="${ids.cards.card}"][data-last4="${last4}"]`);
  }

  /** Applies a promo code in the subscribe view. */
  async applyPromo(code: string): Promise<void> {
    await this.promoInput.fill(code);
    await this.promoApply.click();
  }

  /** Opens the edit-card view of the saved card ending in `last4`. */
  async editCard(last4: string): Promise<Locator> {
    await this.savedCard(last4).getByTestId(ids.cards.edit).click();
    await expect(this.editCardForm).toBeVisible();
    return this.editCardForm;
  }

  /** The My Plan tile's plan name on the dashboard. */
  get tilePlanName(): Locator {
    return this.tile.getByTestId(ids.tile.name);
  }

  /**
   * This period's orders, included orders, excess so far and its amount, as the My Plan tile
   * (`tile`) or My Plan's page (`page`) shows them for a paid plan.
   */
  planUsage(where: 'tile' | 'page'): {
    root: Locator;
    orders: Locator;
    included: Locator;
    excess: Locator;
    excessAmount: Locator;
  } {
    const root = this.page.getByTestId(where === 'tile' ? ids.tile.usage : ids.plans.usage);
    return {
      root,
      orders: root.getByTestId(ids.usage.orders),
      included: root.getByTestId(ids.usage.included),
      excess: root.getByTestId(ids.usage.excess),
      excessAmount: root.getByTestId(ids.usage.excessAmount),
    };
  }
}
