import { createHmac, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { CommerceState, WebhookRecord, WebhookTopic } from './commerce';
import { WC_VERSION, WP_VERSION } from './versions';

/** How deliveries are timed. */
export interface DeliveryTiming {
  /** Delay before the first attempt (Action Scheduler runs the queue a moment later). */
  delayMs: number;
  /** Waits before each retry of a failed delivery; its length is the number of retries. */
  retryDelaysMs: number[];
  /** Time limit of one attempt. */
  timeoutMs: number;
}

/** WooCommerce's woocommerce_max_webhook_delivery_failures default. */
export const MAX_DELIVERY_FAILURES = 5;

export const DEFAULT_TIMING: DeliveryTiming = {
  delayMs: 1000,
  retryDelaysMs: [2000, 5000, 15_000],
  timeoutMs: 5000,
};

/** WooCommerce's X-WC-Webhook-Signature: base64 HMAC-SHA256 of the raw body with the secret. */
export function webhookSignature(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

/**
 * POSTs `body` and resolves with the status code or the error. An https URL trusts exactly
 * the certificate in `caFile` when given (the local POS host's self-signed one), like the
 * wc-auth callback.
 */
async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  caFile: string | undefined,
  timeoutMs: number,
): Promise<number | Error> {
  const https = url.toLowerCase().startsWith('https:');
  let ca: string | undefined;
  try {
    ca = https && caFile ? await readFile(caFile, 'utf8') : undefined;
  } catch (error) {
    return new Error(`could not read ${caFile}: ${(error as Error).message}`);
  }
  return new Promise((resolve) => {
    const send = https ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: 'POST',
        ...(https ? { ca } : {}),
        timeout: timeoutMs,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', (error) => resolve(error));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    request.on('error', (error) => resolve(error));
    request.end(body);
  });
}

const USER_AGENT = `WooCommerce/${WC_VERSION} Hookshot (WordPress/${WP_VERSION})`;

/**
 * WooCommerce's webhook deliveries for one store: each event is queued for every active
 * webhook of its topic and sent a moment later (as Action Scheduler does), signed, retried
 * on failure; five failures in a row disable the webhook. The payload is built when the
 * attempt runs, from the resource as it is then, as WooCommerce's build_payload does.
 */
export class WebhookDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly commerce: CommerceState,
    private readonly home: () => string,
    private readonly caFile: string | undefined,
    private readonly timing: DeliveryTiming = DEFAULT_TIMING,
  ) {}

  /** Queues `topic` for `resourceId`; `payload` builds the body when the attempt runs. */
  fire(topic: WebhookTopic, resourceId: number, payload: () => unknown): void {
    for (const webhook of this.commerce.webhooks()) {
      if (webhook.topic !== topic || webhook.status !== 'active') continue;
      this.schedule(this.timing.delayMs, () =>
        this.attempt(webhook.id, topic, resourceId, payload, 0),
      );
    }
  }

  /**
   * WooCommerce's deliver_ping: a form-encoded `webhook_id` to the delivery URL, unsigned.
   * Resolves with the status code or the error.
   */
  ping(webhook: WebhookRecord): Promise<number | Error> {
    return post(
      webhook.delivery_url,
      new URLSearchParams({ webhook_id: String(webhook.id) }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': USER_AGENT },
      this.caFile,
      this.timing.timeoutMs,
    );
  }

  /** Cancels every queued attempt (the store is closing). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(delayMs: number, run: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run().catch((error: Error) => {
        console.error(`sandbox store: webhook delivery failed: ${error.message}`);
      });
    }, delayMs);
    this.timers.add(timer);
  }

  private async attempt(
    webhookId: number,
    topic: WebhookTopic,
    resourceId: number,
    payload: () => unknown,
    retry: number,
  ): Promise<void> {
    const webhook = this.commerce.webhook(webhookId);
    // Deleted, paused or disabled meanwhile: WooCommerce drops the queued delivery.
    if (!webhook || webhook.status !== 'active' || this.closed) return;
    const [resource, event] = topic.split('.') as [string, string];
    const body = JSON.stringify(payload());
    const result = await post(
      webhook.delivery_url,
      body,
      {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'x-wc-webhook-source': `${this.home()}/`,
        'x-wc-webhook-topic': topic,
        'x-wc-webhook-resource': resource,
        'x-wc-webhook-event': event,
        'x-wc-webhook-signature': webhookSignature(body, webhook.secret),
        'x-wc-webhook-id': String(webhook.id),
        'x-wc-webhook-delivery-id': randomUUID().replace(/-/g, ''),
      },
      this.caFile,
      this.timing.timeoutMs,
    );
    const ok = typeof result === 'number' && result >= 200 && result < 300;
    if (this.closed) return;
    await this.commerce.recordDelivery(webhook, ok, MAX_DELIVERY_FAILURES);
    if (ok || webhook.status !== 'active') return;
    const wait = this.timing.retryDelaysMs[retry];
    if (wait === undefined) return;
    this.schedule(wait, () => this.attempt(webhookId, topic, resourceId, payload, retry + 1));
  }
}
