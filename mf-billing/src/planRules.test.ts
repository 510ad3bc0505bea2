import {
  basicsPlan,
  cashierPlan,
  cloudPosPlan,
  fiveOff,
  plusPlan,
  privatePlan,
  proPlan,
  samplePlan,
  trialPlan,
  welcome10,
  allPlans,
} from './fixtures';
import {
  becomesManager,
  cloudOrderLines,
  discountText,
  discountedTotal,
  formatUsd,
  freeOrdersText,
  initialAccess,
  isSubscribeSuccess,
  ordersIncludedText,
  overLimitText,
  planBadge,
  planCardAction,
  planEnding,
  planFeatures,
  planTone,
  recurringDiscountText,
  subscribeLabel,
  visiblePlans,
} from './planRules';

const manager = { isManager: true, selectedPlanId: null };
const proEnding = { ...proPlan, cancelDate: '2026-12-25T12:00:00.000Z' };

describe('prices', () => {
  it('writes USD without cents when whole and with them otherwise', () => {
    expect(formatUsd(19)).toBe('$19');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(0.05)).toBe('$0.05');
    expect(formatUsd(17.1)).toBe('$17.10');
    expect(formatUsd(1234)).toBe('$1,234');
  });
});

describe('plan colours', () => {
  it('gives Trial, Basics, Cloud POS or Plus, Pro and the POS User their own colour', () => {
    expect(planTone(trialPlan)).toBe('trial');
    expect(planTone(basicsPlan)).toBe('basics');
    expect(planTone(cloudPosPlan)).toBe('plus');
    expect(planTone(plusPlan)).toBe('plus');
    expect(planTone(proPlan)).toBe('pro');
    expect(planTone(cashierPlan)).toBe('pos-user');
    expect(planTone(samplePlan({ name: 'POS User', roleType: 'cashier' }))).toBe('pos-user');
  });

  it("gives a private plan Pro's colour", () => {
    expect(planTone(privatePlan)).toBe('pro');
  });
});

describe('tile texts', () => {
  it('counts the orders included: upTo for a free plan, included for a paid one', () => {
    expect(ordersIncludedText(trialPlan)).toBe('50 Orders included');
    expect(ordersIncludedText({ ...trialPlan, upTo: 75, included: 10 })).toBe('75 Orders included');
    expect(ordersIncludedText(basicsPlan)).toBe('100 Orders included');
    expect(ordersIncludedText(proPlan)).toBe('2000 Orders included');
  });

  it('says a free plan pauses on its cap and a paid one charges per extra order', () => {
    expect(overLimitText(trialPlan)).toBe('Service pauses on limit cap');
    expect(overLimitText(basicsPlan)).toBe('$0.05 per extra over');
    expect(overLimitText(plusPlan)).toBe('$0.04 per extra over');
  });

  it('tells the free manager plan its free orders, and no other plan', () => {
    expect(freeOrdersText(trialPlan)).toBe('You get 50 orders free');
    expect(freeOrdersText(basicsPlan)).toBeNull();
    expect(freeOrdersText(cashierPlan)).toBeNull();
  });
});

describe('feature lines', () => {
  it('lists the Basics features', () => {
    expect(planFeatures(basicsPlan)).toEqual([
      '1 manager',
      '1 cashier account',
      'Unlimited self-hosted POS orders',
      'Unlimited stations',
      'AI assistant',
    ]);
  });

  it('lists the Pro features for Pro and for private plans', () => {
    const pro = [
      'Unlimited self-hosted POS orders',
      'Unlimited staff accounts',
      'Unlimited stations',
      'AI assistant',
      '24/7 priority support',
    ];
    expect(planFeatures(proPlan)).toEqual(pro);
    expect(planFeatures(privatePlan)).toEqual(pro);
    expect(planFeatures(trialPlan)).toEqual([]);
  });

  it('gives paid manager plans their cloud order lines, with the cap or Unlimited', () => {
    expect(cloudOrderLines(basicsPlan)).toEqual([
      '100 cloud POS orders free',
      '+$0.05 each cloud POS order',
      '1000 cloud POS orders per month',
    ]);
    expect(cloudOrderLines(proPlan)).toEqual([
      '2000 cloud POS orders free',
      '+$0.03 each cloud POS order',
      'Unlimited',
    ]);
    expect(cloudOrderLines(trialPlan)).toEqual([]);
    expect(cloudOrderLines(cashierPlan)).toEqual([]);
  });
});

describe('badges', () => {
  it('marks Pro Most Popular and a private plan as just for the viewer', () => {
    expect(planBadge(proPlan)).toBe('Most Popular');
    expect(planBadge(privatePlan)).toBe('Plan Just for You');
    expect(planBadge(basicsPlan)).toBeNull();
  });

  it("shows the end of the viewer's plan when it is set to end, on that card only", () => {
    expect(planEnding(proEnding, proEnding)).toBe('Plan set to end on December 25, 2026');
    expect(planEnding(proPlan, proPlan)).toBeNull();
    expect(planEnding(basicsPlan, proEnding)).toBeNull();
    expect(planEnding(proPlan, null)).toBeNull();
  });
});

describe('plan card button', () => {
  it("says 'Your Plan' on the viewer's plan", () => {
    expect(planCardAction(proPlan, { ...manager, currentPlan: proPlan })).toEqual({
      label: 'Your Plan',
      disabled: false,
    });
  });

  it("says 'Pending Free Plan', disabled, on the free plan a pending cancel leads to", () => {
    expect(planCardAction(trialPlan, { ...manager, currentPlan: proEnding })).toEqual({
      label: 'Pending Free Plan',
      disabled: true,
    });
  });

  it("offers a manager on a paid plan 'Downgrade to Free'", () => {
    expect(planCardAction(trialPlan, { ...manager, currentPlan: proPlan }).label).toBe(
      'Downgrade to Free',
    );
    expect(
      planCardAction(trialPlan, { ...manager, currentPlan: proPlan, selectedPlanId: 'plan_trial' })
        .label,
    ).toBe('Downgrade to Free');
  });

  it("says 'Selected' on the chosen plan and 'Select' on the others", () => {
    const viewer = { ...manager, currentPlan: trialPlan, selectedPlanId: 'plan_pro' };
    expect(planCardAction(proPlan, viewer).label).toBe('Selected');
    expect(planCardAction(basicsPlan, viewer).label).toBe('Select');
    expect(planCardAction(trialPlan, { ...manager, currentPlan: null }).label).toBe('Select');
  });

  it("does not offer a cashier 'Downgrade to Free'", () => {
    const viewer = { isManager: false, currentPlan: cashierPlan, selectedPlanId: null };
    expect(planCardAction(trialPlan, viewer).label).toBe('Select');
  });
});

describe('subscribe button', () => {
  it("says 'Subscribe' without a plan", () => {
    expect(subscribeLabel(null, proPlan, true)).toBe('Subscribe');
  });

  it("says 'Cancel' when a manager chooses the free plan, else 'Subscribe to Plan'", () => {
    expect(subscribeLabel(proPlan, trialPlan, true)).toBe('Cancel');
    expect(subscribeLabel(trialPlan, proPlan, true)).toBe('Subscribe to Plan');
    expect(subscribeLabel(cashierPlan, trialPlan, false)).toBe('Subscribe to Plan');
  });

  it("says 'Update Subscription' for the viewer's own plan", () => {
    expect(subscribeLabel(proPlan, proPlan, true)).toBe('Update Subscription');
  });

  it('counts active, trialing and updated as success', () => {
    expect(isSubscribeSuccess('active')).toBe(true);
    expect(isSubscribeSuccess('trialing')).toBe(true);
    expect(isSubscribeSuccess('updated')).toBe(true);
    expect(isSubscribeSuccess('incomplete')).toBe(false);
    expect(isSubscribeSuccess('canceled')).toBe(false);
  });

  it('warns a non-manager only when the plan makes them a manager', () => {
    expect(becomesManager(proPlan, false)).toBe(true);
    expect(becomesManager(cashierPlan, false)).toBe(false);
    expect(becomesManager(proPlan, true)).toBe(false);
  });
});

describe('discounts', () => {
  it('takes a fixed discount off, never below 0', () => {
    expect(discountedTotal(79, fiveOff)).toBe(74);
    expect(discountedTotal(3, fiveOff)).toBe(0);
    expect(discountText(fiveOff)).toBe('-$5');
  });

  it('takes a percent discount off, to whole cents', () => {
    expect(discountedTotal(79, welcome10)).toBe(71.1);
    expect(discountedTotal(19, { ...welcome10, value: 33 })).toBe(12.73);
    expect(discountText(welcome10)).toBe('-10%');
  });

  it('charges the full price without a discount', () => {
    expect(discountedTotal(39, null)).toBe(39);
  });

  it('says a discount recurs only when it lasts more than one billing period', () => {
    expect(recurringDiscountText(welcome10)).toBe('Recurring discount valid for 3 billing periods');
    expect(recurringDiscountText(fiveOff)).toBeNull();
    expect(recurringDiscountText(null)).toBeNull();
  });
});

describe('which plans show', () => {
  it('shows managers the manager plans', () => {
    expect(visiblePlans(allPlans, true, 'shared').map((plan) => plan.name)).toEqual([
      'Trial',
      'Basics',
      'Cloud POS',
      'Plus',
      'Pro',
      'Private',
    ]);
  });

  it("shows non-managers the toggle's side", () => {
    expect(visiblePlans(allPlans, false, 'shared').map((plan) => plan.name)).toEqual(['Cashier']);
    expect(visiblePlans(allPlans, false, 'pos')).toHaveLength(6);
  });

  it("starts a non-manager on their plan's side, shared access without one", () => {
    expect(initialAccess(cashierPlan)).toBe('shared');
    expect(initialAccess(null)).toBe('shared');
    expect(initialAccess(proPlan)).toBe('pos');
  });
});
