import { createHmac } from 'node:crypto';
import type { StripeEvent } from './model';

/**
 * The `Stripe-Signature` header for a payload, exactly as Stripe signs: `t={unix seconds},
 * v1={hex HMAC-SHA256 of "{t}.{payload}" keyed with the endpoint's whsec_ secret}`.
 */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** One delivery of one event, as `GET /_control/webhooks` lists it. */
export interface Delivery {
  eventId: string;
  type: string;
  /** delivered: a 2xx came back; failed: every attempt failed; pending: attempts left. */
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** The last answer's status, or the network error. */
  lastResult: string | null;
}

/** Settings of the webhook sender. */
export interface WebhookOptions {
  /** The endpoint; null sends nothing (the events are still listed by `GET /v1/events`). */
  url: string | null;
  secret: string;
  /** Waits before each retry, in ms; their count is the number of retries. */
  retryDelays: number[];
  /** Unix seconds for the signature's timestamp (the wall clock, not the moved test clock). */
  now: () => number;
}

/**
 * Sends events to the configured endpoint: first attempts one at a time in the order the
 * events happened (so the api sees a subscription created before its invoice paid), each
 * signed as Stripe signs; a failed attempt (a non-2xx answer or no answer) is retried a few
 * times on its own schedule, so an endpoint that refuses one event does not hold up the next.
 */
export class WebhookSender {
  private queue: Promise<void> = Promise.resolve();
  private readonly retrying = new Set<Promise<void>>();
  private readonly deliveries: Delivery[] = [];

  constructor(private readonly options: WebhookOptions) {}

  /** Queues events; resolves once each has had its first attempt (not its retries). */
  send(events: StripeEvent[]): Promise<void> {
    if (!this.options.url || events.length === 0) return Promise.resolve();
    for (const event of events) {
      const delivery: Delivery = {
        eventId: event.id,
        type: event.type,
        status: 'pending',
        attempts: 0,
        lastResult: null,
      };
      this.deliveries.push(delivery);
      if (this.deliveries.length > 500) this.deliveries.shift();
      this.queue = this.queue.then(async () => {
        if (await this.attempt(event, delivery)) return;
        const retries = this.retry(event, delivery);
        this.retrying.add(retries);
        void retries.finally(() => this.retrying.delete(retries));
      });
    }
    return this.queue;
  }

  /** Every delivery so far, newest last. */
  list(): Delivery[] {
    return this.deliveries.map((delivery) => ({ ...delivery }));
  }

  /** Resolves when every queued delivery, retries included, has finished. */
  async idle(): Promise<void> {
    await this.queue;
    while (this.retrying.size) await Promise.all([...this.retrying]);
  }

  private async retry(event: StripeEvent, delivery: Delivery): Promise<void> {
    for (const delay of this.options.retryDelays) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (await this.attempt(event, delivery)) return;
    }
    delivery.status = 'failed';
    console.warn(
      `sandbox payments: webhook ${event.type} ${event.id} failed: ${delivery.lastResult}`,
    );
  }

  /** One signed POST of the event; true when the endpoint answered 2xx. */
  private async attempt(event: StripeEvent, delivery: Delivery): Promise<boolean> {
    const payload = JSON.stringify(event, null, 2);
    delivery.attempts += 1;
    try {
      const response = await fetch(this.options.url!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, this.options.secret, this.options.now()),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.lastResult = String(response.status);
      if (response.ok) delivery.status = 'delivered';
      return response.ok;
    } catch (error) {
      delivery.lastResult = (error as Error).message;
      return false;
    }
  }
}
