import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { webhookSecretContext } from '../../src/domain/orders/sync';
import type { TestContext } from './app';

/** One server-sent event as a browser's EventSource would see it. */
export interface SentEvent {
  id: string;
  event: string;
  data: string;
}

/** An open event stream read over real HTTP: what came so far, and waits for more. */
export interface OpenStream {
  status: number;
  headers: Headers;
  /** Every field block received, comments and retry included, as text. */
  text(): string;
  events: SentEvent[];
  /** Resolves with the events once `check` holds for them; throws after `ms`. */
  until(check: (events: SentEvent[]) => boolean, ms?: number): Promise<SentEvent[]>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The address a listening Fastify instance answers on. */
export function baseUrlOf(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

/** Opens `url` and parses the event stream as it arrives (a non-200 answer is read whole). */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  let raw = '';
  const events: SentEvent[] = [];
  const waiters = new Set<() => void>();
  const parse = () => {
    const blocks = raw.split('\n\n');
    events.length = 0;
    for (const block of blocks.slice(0, -1)) {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
      }
      if (fields.has('data')) {
        events.push({
          id: fields.get('id') ?? '',
          event: fields.get('event') ?? 'message',
          data: fields.get('data') ?? '',
        });
      }
    }
    for (const waiter of waiters) waiter();
  };
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        raw += decoder.decode(chunk as Uint8Array, { stream: true });
        parse();
      }
    } catch {
      // Aborted by close().
    }
  })();
  const stream: OpenStream = {
    status: response.status,
    headers: response.headers,
    text: () => raw,
    events,
    ended,
    close: () => controller.abort(),
    until(check, ms = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(test);
          reject(new Error(`timed out; got ${JSON.stringify(events)}`));
        }, ms);
        const test = () => {
          if (check(events)) {
            clearTimeout(timer);
            waiters.delete(test);
            resolve([...events]);
          }
        };
        waiters.add(test);
        test();
      });
    },
  };
  return stream;
}

/**
 * Makes `applicationId` receive deliveries as a connected store would send them (verified,
 * a sealed webhook secret, one stored webhook id) without a store; returns a signer of
 * order.created deliveries to the POS host's route.
 */
export async function acceptDeliveries(
  ctx: Pick<TestContext, 'database' | 'access'>,
  applicationId: string,
  secret = 'whsec_live_test',
  webhookId = 4242,
) {
  await ctx.database.db
    .updateTable('applications')
    .set({ is_verified_auth: 1 })
    .where('id', '=', applicationId)
    .execute();
  await ctx.database.db
    .insertInto('order_sync')
    .values({
      application_id: applicationId,
      webhook_secret_enc: ctx.access.secrets.seal(secret, webhookSecretContext(applicationId)),
      webhook_ids: JSON.stringify([webhookId]),
    })
    .execute();
  return (
    storeOrderId: number,
    topic = 'order.created',
    // 'pos': an order rung up at the point of sale; a web checkout otherwise.
    { createdVia = 'checkout' }: { createdVia?: string } = {},
  ) => {
    const body = JSON.stringify({
      id: storeOrderId,
      status: 'completed',
      total: '12.50',
      currency: 'EUR',
      date_created_gmt: '2026-03-02T10:00:00',
      date_modified_gmt: '2026-03-02T10:00:00',
      created_via: createdVia,
      meta_data: [],
    });
    return {
      url: `/wc-webhooks/${applicationId}`,
      body,
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-topic': topic,
        'x-wc-webhook-resource': 'order',
        'x-wc-webhook-event': topic.split('.')[1] ?? 'created',
        'x-wc-webhook-id': String(webhookId),
        // One per webhook (topic) and order, as WooCommerce's differ between its webhooks.
        'x-wc-webhook-delivery-id': `${topic.replace('.', '-')}-${storeOrderId}`,
        'x-wc-webhook-source': 'https://store.example/',
        'x-wc-webhook-signature': createHmac('sha256', secret).update(body).digest('base64'),
      },
    };
  };
}
