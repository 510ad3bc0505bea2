import { installFakeStripe } from '../testing/fakeStripe';
import type * as LoaderModule from './loadStripeJs';

type Loader = typeof LoaderModule;

/** A fresh copy of the loader and of @stripe/stripe-js, whose caches live for the page. */
function freshLoader(): Loader {
  let loader: Loader | undefined;
  jest.isolateModules(() => {
    loader = jest.requireActual<Loader>('./loadStripeJs');
  });
  return loader!;
}

const config = { publishableKey: 'pk_test_123', jsUrl: 'http://payments.test/v3/' };
const scripts = () => Array.from(document.querySelectorAll('script[data-pos-stripe-js]'));

afterEach(() => {
  scripts().forEach((script) => script.remove());
  delete (window as { Stripe?: unknown }).Stripe;
});

describe('loadStripeJs', () => {
  it('injects Stripe.js from the configured address once, then loadStripe resolves to it', async () => {
    const { loadStripeJs } = freshLoader();
    const first = loadStripeJs(config);
    const second = loadStripeJs(config);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]).toHaveAttribute('src', 'http://payments.test/v3/');
    // The script arrives: it defines window.Stripe, as Stripe.js (or the sandbox's) does.
    const fake = installFakeStripe();
    scripts()[0]!.dispatchEvent(new Event('load'));
    const stripe = await first;
    expect(await second).toBe(stripe);
    expect(typeof stripe.createPaymentMethod).toBe('function');
    expect(fake.keys).toEqual(['pk_test_123']);
    expect(scripts()).toHaveLength(1);
  });

  it('uses a Stripe.js already on the page without another script', async () => {
    const fake = installFakeStripe();
    const { loadStripeJs } = freshLoader();
    await loadStripeJs(config);
    expect(scripts()).toHaveLength(0);
    expect(fake.keys).toEqual(['pk_test_123']);
  });

  it('says card payments are not configured without a publishable key', async () => {
    const { loadStripeJs, STRIPE_NOT_CONFIGURED } = freshLoader();
    await expect(loadStripeJs({ ...config, publishableKey: '' })).rejects.toThrow(
      STRIPE_NOT_CONFIGURED,
    );
    expect(scripts()).toHaveLength(0);
  });

  it('says the card form could not be loaded when the script fails, and tries again later', async () => {
    const { loadStripeJs, STRIPE_UNREACHABLE } = freshLoader();
    const failed = loadStripeJs(config);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(STRIPE_UNREACHABLE);
    expect(scripts()).toHaveLength(0);
    const retried = loadStripeJs(config);
    expect(scripts()).toHaveLength(1);
    installFakeStripe();
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(retried).resolves.toBeDefined();
  });
});
