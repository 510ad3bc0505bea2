// A window.Stripe-shaped fake for component tests: what @stripe/react-stripe-js and
// @stripe/stripe-js call (Stripe(pk), elements(), a card element, createPaymentMethod). The real
// Stripe.js-compatible script of the payments sandbox is exercised end to end in e2e/.

type Handler = (event: unknown) => void;

/** The card element the fake makes: tests type into it by emitting Stripe's events. */
export interface FakeCardElement {
  mounted: HTMLElement | null;
  emit: (event: 'change' | 'ready' | 'focus' | 'blur', payload?: unknown) => void;
}

/** What a test controls and sees of the fake. */
export interface FakeStripe {
  /** The keys Stripe(pk) was called with. */
  keys: string[];
  /** Every createPaymentMethod call's data. */
  createCalls: Array<{ type: string; billing_details: { name: string } }>;
  /** What the next createPaymentMethod answers. */
  nextResult: { paymentMethod: { id: string } } | { error: { message: string; type: string } };
  card: () => FakeCardElement;
  uninstall: () => void;
}

/** Puts a fake Stripe on window (as the injected Stripe.js would) and returns its controls. */
export function installFakeStripe(): FakeStripe {
  let card: (FakeCardElement & { handlers: Map<string, Set<Handler>> }) | null = null;
  const fake: FakeStripe = {
    keys: [],
    createCalls: [],
    nextResult: { paymentMethod: { id: 'pm_new_card' } },
    card: () => {
      if (!card) throw new Error('no card element was created');
      return card;
    },
    uninstall: () => {
      delete (window as { Stripe?: unknown }).Stripe;
    },
  };
  const createElement = () => {
    const handlers = new Map<string, Set<Handler>>();
    const element = {
      handlers,
      mounted: null as HTMLElement | null,
      frame: null as HTMLElement | null,
      emit: (event: string, payload: unknown = {}) =>
        handlers
          .get(event)
          ?.forEach((handler) => handler({ elementType: 'card', ...(payload as object) })),
      mount(node: HTMLElement) {
        const frame = document.createElement('div');
        frame.setAttribute('data-fake-stripe-card', '');
        node.appendChild(frame);
        element.mounted = node;
        element.frame = frame;
      },
      on(event: string, handler: Handler) {
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event)!.add(handler);
        return element;
      },
      off(event: string, handler: Handler) {
        handlers.get(event)?.delete(handler);
        return element;
      },
      update() {},
      destroy() {
        element.frame?.remove();
        element.mounted = null;
      },
      unmount() {},
      focus() {},
      blur() {},
      clear() {},
    };
    card = element;
    return element;
  };
  function Stripe(key: string) {
    fake.keys.push(key);
    const elements = {
      create: () => createElement(),
      getElement: () => card,
      update() {},
    };
    return {
      elements: () => elements,
      createToken: () => Promise.resolve({}),
      confirmCardPayment: () => Promise.resolve({}),
      createPaymentMethod: (data: {
        type: string;
        card: unknown;
        billing_details: { name: string };
      }) => {
        fake.createCalls.push({ type: data.type, billing_details: data.billing_details });
        return Promise.resolve(fake.nextResult);
      },
    };
  }
  // The release train @stripe/stripe-js 10 expects, so it does not warn.
  Stripe.version = 'endive';
  (window as { Stripe?: unknown }).Stripe = Stripe;
  return fake;
}
