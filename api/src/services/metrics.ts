import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolUse } from '../db';

/** Where the gauges read their values when Prometheus scrapes. */
export interface MetricSources {
  /** The live streams this process serves now. */
  liveStreams(): number;
  /** The usage reports waiting in the outbox (a database count). */
  outboxBacklog(): Promise<number>;
  /** The database pool's connections now. */
  poolUse(): PoolUse;
}

/** Where a webhook delivery came from. */
export type WebhookSource = 'woocommerce' | 'stripe';

/**
 * The api's Prometheus metrics (prom-client), one registry per process: the api's listener and
 * the POS host's both record into it, and `GET /metrics` on the api's listener answers it.
 * Route labels are route patterns (`/wc-webhooks/:applicationId`), never raw URLs, so a scan of
 * made-up paths cannot grow the series without bound.
 */
export class ApiMetrics {
  /** The registry `GET /metrics` serializes. */
  readonly registry = new Registry();
  private readonly requests: Counter<'listener' | 'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'listener' | 'method' | 'route' | 'status'>;
  private readonly webhooks: Counter<'source' | 'outcome'>;
  private readonly orders: Counter<'topic'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    // The process's own: CPU, memory, event loop lag, garbage collection, open handles.
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'pos_http_requests_total',
      help: 'HTTP requests answered, by listener, method, route pattern and status code',
      labelNames: ['listener', 'method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'pos_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by listener, method, route pattern and status code',
      labelNames: ['listener', 'method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.webhooks = new Counter({
      name: 'pos_webhook_deliveries_total',
      help: 'Webhook deliveries answered, by source and outcome (accepted: 2xx, refused: any other)',
      labelNames: ['source', 'outcome'],
      registers,
    });
    this.orders = new Counter({
      name: 'pos_orders_ingested_total',
      help: "Store orders stored or updated from the stores' webhook deliveries, by topic",
      labelNames: ['topic'],
      registers,
    });
    new Gauge({
      name: 'pos_live_stream_connections',
      help: 'Live event streams (SSE) this instance serves now',
      registers,
      collect() {
        this.set(sources.liveStreams());
      },
    });
    new Gauge({
      name: 'pos_outbox_backlog',
      help: 'Metered usage reports waiting in the outbox to be sent to Stripe',
      registers,
      async collect() {
        this.set(await sources.outboxBacklog());
      },
    });
    new Gauge({
      name: 'pos_db_pool_connections',
      help: "The database pool's connections by state (total, idle, waiting queries, max)",
      labelNames: ['state'],
      registers,
      collect() {
        const use = sources.poolUse();
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) {
          this.set({ state }, use[state]);
        }
      },
    });
  }

  /** Records one answered request. */
  observeRequest(
    listener: 'api' | 'pos-host',
    labels: { method: string; route: string; status: number },
    seconds: number,
  ): void {
    const all = { listener, ...labels, status: String(labels.status) };
    this.requests.inc(all);
    this.latency.observe(all, seconds);
  }

  /** Records one webhook delivery's answer. */
  observeWebhook(source: WebhookSource, status: number): void {
    this.webhooks.inc({ source, outcome: status >= 200 && status < 300 ? 'accepted' : 'refused' });
  }

  /** Records one order stored from a delivery. */
  observeOrderIngested(topic: string): void {
    this.orders.inc({ topic });
  }
}
