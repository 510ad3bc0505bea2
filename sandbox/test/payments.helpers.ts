import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import Stripe from 'stripe';
import type { TestSandbox } from './helpers';
import { postJson } from './helpers';

/** The `stripe` SDK pointed at the payments sandbox, as the api will point it. */
export function sdkFor(sandbox: TestSandbox, key = sandbox.payments.secretKey): Stripe {
  const url = new URL(sandbox.payments.url);
  return new Stripe(key, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

/** One webhook request as the endpoint received it: the raw body and the headers. */
export interface ReceivedHook {
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * A webhook endpoint for the tests: keeps every request; answers 500 to the next
 * `failNext` requests, then 200.
 */
export async function startHookEndpoint() {
  const received: ReceivedHook[] = [];
  let failNext = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      if (failNext > 0) {
        failNext -= 1;
        response.writeHead(500).end('not now');
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    failNextRequests(count: number) {
      failNext = count;
    },
    /** The events received so far (parsed), in order. */
    events(): Array<{ id: string; type: string; data: { object: Record<string, unknown> } }> {
      return received.map((hook) => JSON.parse(hook.body));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls until `check` returns a value (not undefined), or fails after `ms`. */
export async function eventually<T>(check: () => T | undefined, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `POST /_control/advance-clock`. */
export async function advanceClock(
  sandbox: TestSandbox,
  body: { days?: number; seconds?: number; failPayments?: boolean },
) {
  const response = await postJson(`${sandbox.payments.url}/_control/advance-clock`, body);
  if (!response.ok) throw new Error(`advance-clock: ${response.status} ${await response.text()}`);
  return (await response.json()) as {
    now: number;
    invoices: Array<{ id: string; number: string; status: string; customer: string }>;
    events: string[];
  };
}
