import { readFileSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { paymentsKeys, stripeApi, testCards } from '../support/payments';
import { stack } from '../support/stack';

/**
 * The payments sandbox's Stripe.js under the official loader: a page of another origin loads
 * the script, `@stripe/stripe-js`'s loadStripe resolves to it, and the card element's frame
 * takes the typed card; a second page does the same through @stripe/react-stripe-js (bundled
 * here with esbuild), as the billing remote will. The test serves the pages itself on a
 * loopback port (Chromium lets a loopback page, like the dashboard, reach the loopback sandbox).
 */
let server: Server;
let pageOrigin = '';

/** A card form on @stripe/react-stripe-js: Elements, CardElement, useStripe, useElements. */
const REACT_APP = `
import { createElement as h, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { loadStripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';

function CardForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [result, setResult] = useState('');
  const save = async () => {
    const answer = await stripe.createPaymentMethod({
      type: 'card',
      card: elements.getElement(CardElement),
      billing_details: { name: 'Maya Manager' },
    });
    setResult(answer.paymentMethod ? answer.paymentMethod.id : answer.error.message);
  };
  return h('main', null,
    h('h1', null, 'Add a card'),
    h(CardElement, { options: { hidePostalCode: true }, onChange: (event) => setComplete(event.complete) }),
    h('button', { type: 'button', disabled: !stripe || !complete, onClick: save }, 'Save card'),
    h('output', null, result));
}

createRoot(document.getElementById('root')).render(
  h(StrictMode, null, h(Elements, { stripe: loadStripe(window.publishableKey) }, h(CardForm))));
`;

test.beforeAll(async () => {
  const { publishableKey } = paymentsKeys();
  const loader = readFileSync(require.resolve('@stripe/stripe-js/dist/index.mjs'), 'utf8');
  const bundled = await build({
    stdin: { contents: REACT_APP, resolveDir: __dirname, loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const reactApp = bundled.outputFiles[0]!.text;
  server = createServer((request, response) => {
    if (request.url === '/stripe-js.mjs') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(loader);
    } else if (request.url === '/react-app.mjs') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(reactApp);
    } else if (request.url === '/card') {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(checkPage(publishableKey));
    } else if (request.url === '/react') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>React card check</title>
<script src="${stack.payments}/v3/"></script>
<script>window.publishableKey = ${JSON.stringify(publishableKey)};</script></head>
<body><div id="root"></div><script type="module" src="/react-app.mjs"></script></body></html>`);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function checkPage(publishableKey: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card element check</title>
<script src="${stack.payments}/v3/"></script></head>
<body><main>
<h1>Add a card</h1>
<label for="name">Name on card</label><input id="name" value="Maya Manager">
<div id="card"></div>
<button id="create" type="button">Create payment method</button>
<button id="setup" type="button">Save card</button>
<output id="result"></output>
</main>
<script type="module">
import { loadStripe } from '/stripe-js.mjs';
const stripe = await loadStripe(${JSON.stringify(publishableKey)});
const card = stripe.elements().create('card', { style: { base: { fontSize: '16px' } } });
window.cardEvents = [];
card.on('ready', () => window.cardEvents.push('ready'));
card.on('change', (event) => window.cardEvents.push(event.complete ? 'complete' : 'incomplete'));
card.mount('#card');
const show = (value) => { document.getElementById('result').textContent = JSON.stringify(value); };
const billing = () => ({ name: document.getElementById('name').value });
document.getElementById('create').addEventListener('click', async () => {
  const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billing() });
  show(result.paymentMethod
    ? { id: result.paymentMethod.id, last4: result.paymentMethod.card.last4, name: result.paymentMethod.billing_details.name }
    : { error: result.error });
});
document.getElementById('setup').addEventListener('click', async () => {
  const result = await stripe.confirmCardSetup(window.clientSecret, { payment_method: { card, billing_details: billing() } });
  show(result.setupIntent ? { status: result.setupIntent.status } : { error: result.error });
});
</script></body></html>`;
}

async function openCheckPage(page: Page) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto(`${pageOrigin}/card`);
  await expect
    .poll(() => page.evaluate(() => (window as { cardEvents?: string[] }).cardEvents))
    .toContain('ready');
  const frame = page.frameLocator('iframe[title="Secure card payment input frame"]');
  return {
    warnings,
    number: frame.getByLabel('Credit or debit card number'),
    expiry: frame.getByLabel('Credit or debit card expiration date'),
    cvc: frame.getByLabel('Credit or debit card CVC/CVV'),
    result: page.locator('#result'),
  };
}

test('loadStripe and the card element on the sandbox: 4242 becomes a pm_ and the card never touches the page', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') requests.push(`${request.frame().url()} → ${request.url()}`);
  });
  const card = await openCheckPage(page);

  await page.getByRole('button', { name: 'Create payment method' }).click();
  await expect(card.result).toContainText('Your card number is incomplete.');

  await card.number.fill(testCards.visa);
  await expect(card.number).toHaveValue('4242 4242 4242 4242');
  await card.expiry.fill('12 / 34');
  await card.cvc.fill('123');
  await expect
    .poll(() => page.evaluate(() => (window as { cardEvents?: string[] }).cardEvents?.at(-1)))
    .toBe('complete');
  await expectAccessible(page, 'the card element');
  await page.getByRole('button', { name: 'Create payment method' }).click();
  await expect(card.result).toContainText('"id":"pm_');
  await expect(card.result).toContainText('"last4":"4242"');
  await expect(card.result).toContainText('"name":"Maya Manager"');

  // The typed card went from the sandbox's frame to the sandbox, nowhere else.
  expect(requests).toEqual([
    expect.stringMatching(
      new RegExp(`^${stack.payments}/elements/card\\?.* → ${stack.payments}/v1/payment_methods$`),
    ),
  ]);
  // window.Stripe is the release train the loader expects: no version warning.
  expect(card.warnings.filter((text) => text.includes('Stripe.js@'))).toEqual([]);
});

test("confirmCardSetup saves 4242 to the customer and answers Stripe's decline for 0002", async ({
  page,
}) => {
  const customer = await stripeApi<{ id: string }>('POST', '/v1/customers', {
    email: 'card-check@example.test',
  });
  const newIntent = () =>
    stripeApi<{ id: string; client_secret: string }>('POST', '/v1/setup_intents', {
      customer: customer.id,
    });
  const card = await openCheckPage(page);

  await page.evaluate(
    (secret) => {
      (window as { clientSecret?: string }).clientSecret = secret;
    },
    (await newIntent()).client_secret,
  );
  await card.number.fill(testCards.declined);
  await card.expiry.fill('12 / 34');
  await card.cvc.fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(card.result).toContainText('Your card was declined.');
  await expect(card.result).toContainText('"decline_code":"generic_decline"');

  await card.number.fill(testCards.visa);
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(card.result).toHaveText('{"status":"succeeded"}');
  const methods = await stripeApi<{ data: Array<{ card: { last4: string } }> }>(
    'GET',
    '/v1/payment_methods',
    { customer: customer.id, type: 'card' },
  );
  expect(methods.data.map((method) => method.card.last4)).toEqual(['4242']);
});

test('@stripe/react-stripe-js runs on the sandbox: CardElement in StrictMode, useStripe and useElements', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${pageOrigin}/react`);
  const save = page.getByRole('button', { name: 'Save card' });
  await expect(save).toBeDisabled();
  // StrictMode mounts, destroys and mounts the element again: one frame is left.
  await expect(page.locator('iframe')).toHaveCount(1);
  const frame = page.frameLocator('iframe[title="Secure card payment input frame"]');
  await frame.getByLabel('Credit or debit card number').pressSequentially('4242424242424242');
  await frame.getByLabel('Credit or debit card expiration date').pressSequentially('1234');
  await frame.getByLabel('Credit or debit card CVC/CVV').pressSequentially('123');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.locator('output')).toHaveText(/^pm_\w+$/);
  expect(errors).toEqual([]);
});
