import type { Discount } from '@pos/shared/wire';
import type { Stripe } from '../../services/payments';
import type { UserRow } from '../../db/types';
import type { Plan } from '../../repositories/plans';
import type { StripeAccount } from './account';
import { BILLING_TEXTS, BillingError, fromStripe } from './errors';
import { ENDED, idOf } from './subscription-state';

/** Answer of the promo code routes. */
export interface PromoResult<S extends string> {
  status: S;
  message: string | null;
  promo: Discount | null;
}

/** Stripe's promotion codes: checked for a plan, and read off the user's subscription. */
export class PromoCodes {
  constructor(private readonly account: StripeAccount) {}

  private toDiscount(code: Stripe.PromotionCode, coupon: Stripe.Coupon, planId: string): Discount {
    const percent = coupon.percent_off != null;
    const duration =
      coupon.duration === 'once'
        ? 1
        : coupon.duration === 'repeating'
          ? (coupon.duration_in_months ?? 1)
          : 0;
    const value = percent ? Number(coupon.percent_off) : (coupon.amount_off ?? 0) / 100;
    const info =
      coupon.name ??
      (percent ? `${value}% off` : `$${value.toFixed(2)} off`) +
        (duration > 1 ? ` for ${duration} months` : duration === 0 ? ' forever' : '');
    return {
      type: percent ? 'percent' : 'fixed',
      value,
      duration,
      code: code.code,
      promoCodeId: code.id,
      planId,
      info,
    };
  }

  private async couponOf(code: Stripe.PromotionCode): Promise<Stripe.Coupon> {
    const coupon = code.promotion.coupon;
    if (coupon && typeof coupon !== 'string') return coupon;
    if (!coupon) throw new BillingError('card', BILLING_TEXTS.promoInvalid);
    return this.account.stripe.coupons.retrieve(coupon);
  }

  /**
   * POST /promotion-code: whether `code` can be used on `planId` by this user. A code that
   * cannot (unknown, inactive, expired, used up, for another customer) is `status: 'error'`.
   */
  async applyPromo(
    user: UserRow,
    rawCode: string,
    planId: string,
  ): Promise<PromoResult<'success' | 'error'>> {
    const code = rawCode.trim();
    if (!code) throw new BillingError('invalid', BILLING_TEXTS.promoEmpty);
    const plan = await this.account.visiblePlan(user.id, planId);
    const refuse = (message: string) => ({ status: 'error' as const, message, promo: null });
    if (plan.isFree) return refuse(BILLING_TEXTS.promoFreePlan);
    const customerId = await this.account.customerId(user, false);
    try {
      const found = await this.account.stripe.promotionCodes.list({
        code,
        active: true,
        limit: 10,
        expand: ['data.promotion.coupon'],
      });
      for (const candidate of found.data) {
        if (candidate.code.toLowerCase() !== code.toLowerCase()) continue;
        const promo = await this.usablePromo(candidate, plan, customerId);
        if (promo) return { status: 'success', message: null, promo };
      }
    } catch (error) {
      throw fromStripe(error);
    }
    return refuse(BILLING_TEXTS.promoInvalid);
  }

  /**
   * The discount of a promotion code this customer can use on `plan` now (active, not
   * expired, not used up, not another customer's, its coupon valid and for the plan's
   * product), or null.
   */
  private async usablePromo(
    candidate: Stripe.PromotionCode,
    plan: Plan,
    customerId: string | null,
  ): Promise<Discount | null> {
    if (!candidate.active) return null;
    if (candidate.expires_at && candidate.expires_at <= Date.now() / 1000) return null;
    if (candidate.max_redemptions && candidate.times_redeemed >= candidate.max_redemptions) {
      return null;
    }
    const owner = idOf(candidate.customer);
    if (owner && owner !== customerId) return null;
    const coupon = await this.couponOf(candidate);
    if (!coupon.valid) return null;
    const products = coupon.applies_to?.products;
    if (products?.length) {
      const price = await this.account.priceOf(plan.id);
      if (!products.includes(idOf(price.product) ?? '')) return null;
    }
    return this.toDiscount(candidate, coupon, plan.id);
  }

  /** Refuses (400, the promo error text) a promotion code id this customer cannot use on `plan`. */
  async checkPromoId(promoCodeId: string, plan: Plan, customerId: string): Promise<void> {
    let candidate: Stripe.PromotionCode;
    try {
      candidate = await this.account.stripe.promotionCodes.retrieve(promoCodeId, {
        expand: ['promotion.coupon'],
      });
    } catch (error) {
      const refusal = fromStripe(error);
      if (refusal instanceof BillingError && refusal.kind === 'not-found') {
        throw new BillingError('invalid', BILLING_TEXTS.promoInvalid);
      }
      throw refusal;
    }
    let promo: Discount | null;
    try {
      promo = await this.usablePromo(candidate, plan, customerId);
    } catch (error) {
      throw fromStripe(error);
    }
    if (!promo) throw new BillingError('invalid', BILLING_TEXTS.promoInvalid);
  }

  /** GET /promotion-code/active: the discount on the user's subscription of `planId`, if any. */
  async activePromo(user: UserRow, planId: string): Promise<PromoResult<'success' | 'none'>> {
    await this.account.visiblePlan(user.id, planId);
    const none = { status: 'none' as const, message: null, promo: null };
    const current = await this.account.repos.billing.subscriptionOf(user.id);
    if (
      !current?.stripeSubscriptionId ||
      current.planId !== planId ||
      ENDED.has(current.stripeStatus ?? '')
    ) {
      return none;
    }
    try {
      const subscription = await this.account.stripe.subscriptions.retrieve(
        current.stripeSubscriptionId,
        {
          expand: ['discounts', 'discounts.promotion_code', 'discounts.source.coupon'],
        },
      );
      for (const entry of subscription.discounts) {
        if (typeof entry === 'string') continue;
        const code = entry.promotion_code;
        const coupon = entry.source?.coupon;
        if (!code || typeof code === 'string' || !coupon || typeof coupon === 'string') continue;
        return { status: 'success', message: null, promo: this.toDiscount(code, coupon, planId) };
      }
    } catch (error) {
      throw fromStripe(error, BILLING_TEXTS.planNotFound);
    }
    return none;
  }
}
