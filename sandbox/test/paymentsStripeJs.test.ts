import vm from 'node:vm';
import { STRIPE_JS_VERSION } from '../src/payments/stripeJs';
import type { TestSandbox } from './helpers';
import { startTestSandbox } from './helpers';
import { sdkFor } from './payments.helpers';

const PAGE_ORIGIN = 'http://127.0.0.1:3000';

/** A form body in Stripe's bracket notation, as the card frame sends it. */
function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

type Listener = (event: { origin: string; source: unknown; data: unknown }) => void;

/**
 * Just enough of a browser page to run the served script in node:vm: a document that makes
 * elements, a window that keeps its message listeners, and frames that record what is posted.
 */
function fakePage(scriptSrc: string) {
  const listeners: Listener[] = [];
  const posted: Array<{ message: Record<string, unknown>; target: string }> = [];
  const frameWindow = {
    postMessage(message: Record<string, unknown>, target: string) {
      posted.push({ message, target });
    },
  };
  const classes = new Set<string>();
  const container = {
    nodeType: 1,
    children: [] as unknown[],
    classList: {
      add: (...names: string[]) => names.forEach((name) => classes.add(name)),
      remove: (...names: string[]) => names.forEach((name) => classes.delete(name)),
      toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
    },
    appendChild(child: { parentNode?: unknown }) {
      child.parentNode = container;
      container.children.push(child);
    },
    removeChild(child: unknown) {
      container.children = container.children.filter((entry) => entry !== child);
    },
  };
  const document = {
    currentScript: { src: scriptSrc },
    createElement: () => ({
      style: {} as Record<string, string>,
      attributes: {} as Record<string, string>,
      setAttribute(name: string, value: string) {
        this.attributes[name] = value;
      },
      contentWindow: frameWindow,
      src: '',
    }),
    querySelector: (selector: string) => (selector === '#card' ? container : null),
  };
  const window: Record<string, unknown> = {
    document,
    location: { origin: PAGE_ORIGIN, href: `${PAGE_ORIGIN}/subscription-plans` },
    addEventListener: (type: string, listener: Listener) => {
      if (type === 'message') listeners.push(listener);
    },
    removeEventListener: (type: string, listener: Listener) => {
      const index = listeners.indexOf(listener);
      if (type === 'message' && index >= 0) listeners.splice(index, 1);
    },
    URL,
    URLSearchParams,
    Promise,
    Error,
    Math,
    Object,
  };
  window.window = window;
  return {
    context: vm.createContext(window),
    window,
    container,
    classes,
    frameWindow,
    posted,
    dispatch: (event: { origin: string; source: unknown; data: unknown }) =>
      [...listeners].forEach((listener) => listener(event)),
  };
}

describe('the Stripe.js-compatible script and card frame', () => {
  let sandbox: TestSandbox;
  let source: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ controls: true });
    source = await (await fetch(`${sandbox.payments.url}/v3/`)).text();
  });
  afterAll(() => sandbox.close());

  it('is served as JavaScript at /v3/, /v3 and /js/v3.js', async () => {
    for (const path of ['/v3/', '/v3', '/js/v3.js']) {
      const response = await fetch(`${sandbox.payments.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    }
    expect(source).toContain('window.Stripe = Stripe');
  });

  it('defines window.Stripe as the official loaders and React bindings expect', () => {
    const page = fakePage(`${sandbox.payments.url}/v3/`);
    vm.runInContext(source, page.context);
    const Stripe = page.window.Stripe as ((key: string) => Record<string, unknown>) & {
      version: string;
    };
    expect(typeof Stripe).toBe('function');
    // loadStripe compares Stripe.version with its release train.
    expect(Stripe.version).toBe(STRIPE_JS_VERSION);
    const stripe = Stripe(sandbox.payments.publishableKey);
    // react-stripe-js's isStripe guard and its registration calls.
    for (const name of [
      'elements',
      'createToken',
      'createPaymentMethod',
      'confirmCardPayment',
      'confirmCardSetup',
      'registerAppInfo',
      '_registerWrapper',
    ]) {
      expect(typeof stripe[name]).toBe('function');
    }
    expect(() => Stripe('sk_test_secret')).toThrow(
      'You should not use your secret key with Stripe.js. Please pass a publishable key instead.',
    );
  });

  it('mounts the card element as a frame of the sandbox, and talks to it by origin only', async () => {
    const page = fakePage(`${sandbox.payments.url}/v3/`);
    vm.runInContext(source, page.context);
    const stripe = vm.runInContext(
      `Stripe(${JSON.stringify(sandbox.payments.publishableKey)})`,
      page.context,
    );
    const elements = stripe.elements();
    expect(() => elements.create('payment')).toThrow(/card Element only/);
    const card = elements.create('card', { style: { base: { fontSize: '16px' } } });
    expect(elements.getElement('card')).toBe(card);
    const events: string[] = [];
    card.on('ready', () => events.push('ready'));
    card.on('change', (event: { complete: boolean }) => events.push(`change:${event.complete}`));
    card.mount('#card');
    const frame = page.container.children[0] as { src: string; title: string };
    const src = new URL(frame.src);
    expect(src.origin).toBe(sandbox.payments.url);
    expect(src.pathname).toBe('/elements/card');
    expect(src.searchParams.get('origin')).toBe(PAGE_ORIGIN);
    expect(frame.title).toBe('Secure card payment input frame');
    expect(page.classes.has('StripeElement')).toBe(true);
    const id = src.searchParams.get('id');

    // A message from another origin, or another window, is ignored.
    const ready = { tag: 'pos-payments-sandbox', id, type: 'ready' };
    page.dispatch({ origin: 'http://evil.test', source: page.frameWindow, data: ready });
    page.dispatch({ origin: sandbox.payments.url, source: {}, data: ready });
    expect(events).toEqual([]);
    page.dispatch({ origin: sandbox.payments.url, source: page.frameWindow, data: ready });
    expect(events).toEqual(['ready']);
    // The options go to the frame, and only to the sandbox's origin.
    expect(page.posted[0]).toMatchObject({
      message: { type: 'update', options: { style: { base: { fontSize: '16px' } } } },
      target: sandbox.payments.url,
    });

    page.dispatch({
      origin: sandbox.payments.url,
      source: page.frameWindow,
      data: { tag: 'pos-payments-sandbox', id, type: 'change', event: { complete: true } },
    });
    expect(events).toEqual(['ready', 'change:true']);
    expect(page.classes.has('StripeElement--complete')).toBe(true);

    const result = stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: { name: 'Maya Manager' },
    });
    const request = page.posted.at(-1)!;
    expect(request).toMatchObject({
      message: { type: 'request', action: 'createPaymentMethod' },
      target: sandbox.payments.url,
    });
    page.dispatch({
      origin: sandbox.payments.url,
      source: page.frameWindow,
      data: {
        tag: 'pos-payments-sandbox',
        id,
        type: 'result',
        requestId: request.message.requestId,
        result: { paymentMethod: { id: 'pm_123' } },
      },
    });
    await expect(result).resolves.toEqual({ paymentMethod: { id: 'pm_123' } });

    card.destroy();
    expect(page.container.children).toEqual([]);
    expect(elements.getElement('card')).toBeNull();
  });

  it('serves the card frame only for the publishable key and an origin, under a CSP', async () => {
    const query = (fields: Record<string, string>) =>
      `${sandbox.payments.url}/elements/card?${new URLSearchParams(fields)}`;
    const good = { origin: PAGE_ORIGIN, key: sandbox.payments.publishableKey, id: 'card-1-x' };
    const response = await fetch(query(good));
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(csp).toContain("connect-src 'self'");
    const html = await response.text();
    expect(html).toContain('aria-label="Credit or debit card number"');
    expect(html).toContain('autocomplete="cc-exp"');
    const script = /<script nonce="[^"]+">([\s\S]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(() => new vm.Script(script)).not.toThrow();
    expect(script).toContain(JSON.stringify(PAGE_ORIGIN));
    expect((await fetch(query({ ...good, key: 'pk_test_other' }))).status).toBe(400);
    expect((await fetch(query({ ...good, origin: 'http://x.test/path' }))).status).toBe(400);
  });

  it('takes a typed card from the frame with the publishable key', async () => {
    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${sandbox.payments.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sandbox.payments.publishableKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form(fields),
      });
    const card = {
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': '34',
      'card[cvc]': '123',
      'billing_details[name]': 'Maya Manager',
    };
    const created = await post('/v1/payment_methods', card);
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({
      object: 'payment_method',
      card: { last4: '4242', exp_year: 2034 },
      billing_details: { name: 'Maya Manager' },
    });
    const wrong = await post('/v1/payment_methods', {
      ...card,
      'card[number]': '4242424242424241',
    });
    expect(wrong.status).toBe(402);
    expect(await wrong.json()).toMatchObject({
      error: { type: 'card_error', code: 'invalid_number' },
    });

    const stripe = sdkFor(sandbox);
    const customer = await stripe.customers.create({ email: 'setup@example.test' });
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const confirmFields = (number: string, secret = intent.client_secret!) => ({
      client_secret: secret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '34',
      'payment_method_data[card][cvc]': '123',
    });
    const path = `/v1/setup_intents/${intent.id}/confirm`;
    expect((await post(path, confirmFields('4242424242424242', 'seti_x_secret_y'))).status).toBe(
      404,
    );
    const declined = await post(path, confirmFields('4000000000000002'));
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({
      error: {
        type: 'card_error',
        code: 'card_declined',
        message: 'Your card was declined.',
        setup_intent: { id: intent.id, status: 'requires_payment_method' },
      },
    });
    const confirmed = await post(path, confirmFields('4242424242424242'));
    expect(confirmed.status).toBe(200);
    const body = (await confirmed.json()) as { status: string; payment_method: string };
    expect(body.status).toBe('succeeded');
    const methods = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(methods.data.map((method) => method.id)).toEqual([body.payment_method]);
  });
});
