import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { optionsFromEnv } from '../src';
import { freePort, postJson, startTestSandbox } from './helpers';
import { advanceClock, sdkFor } from './payments.helpers';

describe('payments sandbox: configuration, persistence, replayed refusals', () => {
  it('reads its port, keys and webhook endpoint from PAYMENTS_* variables', () => {
    expect(
      optionsFromEnv({
        PAYMENTS_PORT: '4700',
        PAYMENTS_PUBLIC_URL: 'http://payments.test',
        PAYMENTS_SECRET_KEY: 'sk_test_abc',
        PAYMENTS_PUBLISHABLE_KEY: 'pk_test_abc',
        PAYMENTS_WEBHOOK_URL: 'http://127.0.0.1:4000/api/connect-ui/stripe/webhook',
        PAYMENTS_WEBHOOK_SECRET: 'whsec_abc',
      }),
    ).toMatchObject({
      paymentsPort: 4700,
      paymentsPublicUrl: 'http://payments.test',
      paymentsSecretKey: 'sk_test_abc',
      paymentsPublishableKey: 'pk_test_abc',
      paymentsWebhookUrl: 'http://127.0.0.1:4000/api/connect-ui/stripe/webhook',
      paymentsWebhookSecret: 'whsec_abc',
    });
    expect(() => optionsFromEnv({ PAYMENTS_PORT: 'x' })).toThrow('PAYMENTS_PORT');
  });

  it('refuses to start with keys that are not test keys', async () => {
    await expect(startTestSandbox({ paymentsSecretKey: 'sk_live_abc' })).rejects.toThrow(
      'sk_test_',
    );
    await expect(startTestSandbox({ paymentsWebhookSecret: 'secret' })).rejects.toThrow('whsec_');
  });

  it('keeps customers, cards and subscriptions in the data folder across restarts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'payments-'));
    const paymentsPort = await freePort();
    try {
      let sandbox = await startTestSandbox({ dataDir, paymentsPort });
      let stripe = sdkFor(sandbox);
      const customer = await stripe.customers.create({ email: 'kept@example.test' });
      const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
      const [price] = (await stripe.prices.list({ lookup_keys: ['plan_plus_monthly'] })).data;
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price!.id }],
        default_payment_method: card.id,
      });
      await sandbox.close();
      const file = JSON.parse(await readFile(path.join(dataDir, 'payments.json'), 'utf8'));
      expect(Object.keys(file.customers)).toEqual([customer.id]);
      // Only the last 4 digits of a card are kept.
      expect(JSON.stringify(file)).not.toContain('4242424242424242');

      sandbox = await startTestSandbox({ dataDir, paymentsPort });
      stripe = sdkFor(sandbox);
      expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
      expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
      await sandbox.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('replays a refusal for its idempotency key without trying the card again', async () => {
    const sandbox = await startTestSandbox();
    try {
      const stripe = sdkFor(sandbox);
      const customer = await stripe.customers.create({});
      const card = await stripe.paymentMethods.create({
        type: 'card',
        card: { token: 'tok_chargeDeclined' },
      });
      const attach = () =>
        stripe.paymentMethods.attach(
          card.id,
          { customer: customer.id },
          { idempotencyKey: 'attach-once' },
        );
      await expect(attach()).rejects.toMatchObject({ code: 'card_declined' });
      const replay = await attach().catch((error: { headers: Record<string, string> }) => error);
      expect(replay).toMatchObject({
        code: 'card_declined',
        headers: { 'idempotent-replayed': 'true' },
      });
    } finally {
      await sandbox.close();
    }
  });

  it('has no test controls unless they are switched on', async () => {
    const sandbox = await startTestSandbox();
    try {
      const response = await postJson(`${sandbox.payments.url}/_control/advance-clock`, {
        days: 1,
      });
      expect(response.status).toBe(404);
    } finally {
      await sandbox.close();
    }
  });

  it('refuses a clock move that is not a whole number of days or seconds', async () => {
    const sandbox = await startTestSandbox({ controls: true });
    try {
      const bad = await postJson(`${sandbox.payments.url}/_control/advance-clock`, { days: -1 });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        message: 'seconds or days must be a non-negative integer',
      });
      const before = (await advanceClock(sandbox, { seconds: 0 })).now;
      expect((await advanceClock(sandbox, { days: 2 })).now - before).toBeGreaterThanOrEqual(
        2 * 86400,
      );
    } finally {
      await sandbox.close();
    }
  });
});
