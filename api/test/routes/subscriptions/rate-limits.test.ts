import { signatureHeader } from '@pos/sandbox';
import type { LightMyRequestResponse } from 'fastify';
import { PLAN_IDS } from '../../../src/db/plans';
import { asUser } from '../../helpers/app';
import type { BillingContext } from '../../helpers/payments';
import { createBillingContext, signUpOnFreePlan, WEBHOOK_PATH } from '../../helpers/payments';

// Issue 25: promo codes answer valid and invalid codes differently, so every try counts (per
// account and per client address), and Stripe events refused for their signature are counted
// per address. The limits' clock is the test's: windows pass without waiting.
const ACCOUNT = 3;
const ADDRESS = 6;
let now = Date.now();
let ctx: BillingContext;
beforeAll(async () => {
  ctx = await createBillingContext({
    env: {
      RATE_LIMITS: `promoCodeAccount=${ACCOUNT}/600,promoCodeAddress=${ADDRESS}/600,stripeWebhookFailures=${ACCOUNT}/600`,
    },
    rateLimitClock: () => now,
  });
}, 30_000);
afterAll(() => ctx.close());

let nextAddress = 1;
const newAddress = () => `203.0.113.${nextAddress++}`;

async function tryCode(
  sub: string,
  promoCode: string,
  address: string,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/connect-ui/promotion-code',
    headers: await ctx.bearer(asUser(sub)),
    payload: { promoCode, planId: PLAN_IDS.basics },
    remoteAddress: address,
  });
}

function expectLimited(response: LightMyRequestResponse, text: RegExp) {
  expect(response.statusCode).toBe(429);
  expect(response.json().code).toBe('ERR_RATE_LIMITED');
  expect(response.json().message).toMatch(text);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
}

describe('POST /promotion-code', () => {
  it('refuses the right code after the limit, without telling it from a wrong one, until the window passes', async () => {
    await signUpOnFreePlan(ctx, 'usr_rl_promo');
    const address = newAddress();
    for (const guess of ['FIVEOF', 'FIVEOFG', 'FIVE0FF']) {
      const wrong = await tryCode('usr_rl_promo', guess, address);
      expect(wrong.statusCode).toBe(200);
      expect(wrong.json().status).toBe('error');
    }
    const right = await tryCode('usr_rl_promo', 'FIVEOFF', address);
    const wrong = await tryCode('usr_rl_promo', 'FIVEOFX', address);
    for (const refused of [right, wrong]) {
      expectLimited(refused, /^Too many promo code attempts\. Please try again in \d+ minutes?\.$/);
    }
    expect(right.json()).toEqual(wrong.json());
    expect(right.body).not.toContain('promo_');

    // Another account from the same address is not held by this one's limit.
    await signUpOnFreePlan(ctx, 'usr_rl_promo_other');
    const other = await tryCode('usr_rl_promo_other', 'FIVEOFF', address);
    expect(other.json()).toMatchObject({ status: 'success', promo: { code: 'FIVEOFF' } });

    now += 600_000 + 1;
    const later = await tryCode('usr_rl_promo', 'FIVEOFF', address);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ status: 'success', promo: { code: 'FIVEOFF' } });
  });

  it('refuses an address that tries codes across accounts', async () => {
    const address = newAddress();
    const subs = Array.from({ length: ADDRESS + 1 }, (_, i) => `usr_rl_promo_addr_${i}`);
    for (const sub of subs) await signUpOnFreePlan(ctx, sub);
    for (const sub of subs.slice(0, ADDRESS)) {
      expect((await tryCode(sub, 'NOPE', address)).statusCode).toBe(200);
    }
    expectLimited(await tryCode(subs[ADDRESS]!, 'FIVEOFF', address), /^Too many promo code/);
    expect((await tryCode(subs[ADDRESS]!, 'FIVEOFF', newAddress())).json().status).toBe('success');
  });
});

describe('POST /stripe/webhook (failures only)', () => {
  let eventNumber = 0;
  function deliver(address: string, secret = ctx.sandbox.payments.webhookSecret) {
    eventNumber += 1;
    const payload = JSON.stringify({
      id: `evt_rl_${eventNumber}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type: 'ping.rate_limit_test',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: `obj_rl_${eventNumber}`, object: 'test' } },
    });
    return ctx.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signatureHeader(payload, secret, Math.floor(Date.now() / 1000)),
      },
      payload,
      remoteAddress: address,
    });
  }

  it('answers 429 with Retry-After to bad signatures past the limit, never to a signed event', async () => {
    const attacker = newAddress();
    for (let i = 0; i < ACCOUNT; i += 1) {
      expect((await deliver(attacker, 'whsec_guess')).statusCode).toBe(400);
    }
    expectLimited(
      await deliver(attacker, 'whsec_guess'),
      /^Too many webhook events with an invalid signature\. Please try again in \d+ minutes?\.$/,
    );
    // Stripe's own events go through, from the same address and from another.
    expect((await deliver(attacker)).json()).toEqual({ received: true });
    expect((await deliver(newAddress())).statusCode).toBe(200);
    // Another address's bad signature is answered as before.
    expect((await deliver(newAddress(), 'whsec_guess')).statusCode).toBe(400);

    now += 600_000 + 1;
    expect((await deliver(attacker, 'whsec_guess')).statusCode).toBe(400);
  });
});
