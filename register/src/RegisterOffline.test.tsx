import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegisterApi } from './api';
import { RegisterError, UNREACHABLE } from './api';
import { PRODUCTS, SESSION, fakeApi } from './fixtures';
import type { OfflineStore } from './offline/store';
import { memoryOfflineStore } from './offline/store';
import { Register } from './Register';
import { cart } from './testRegister';

const down = () => new RegisterError(UNREACHABLE, 0, 'unreachable');

/**
 * The fixtures' store behind a switch: while `store.down` every call fails as an unreachable
 * store does; `sent` records each order call with its key.
 */
function switchableApi() {
  const api = fakeApi();
  const sent: Array<{ key: string | undefined; shown: string | undefined }> = [];
  const state = { down: false };
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (state.down) throw down();
      return call(...args);
    };
  const switchable: RegisterApi = {
    ...api,
    session: guard(api.session),
    categories: guard(api.categories),
    products: guard(api.products),
    totals: guard(api.totals),
    createOrder: guard(async (lines, tenders, options) => {
      sent.push({
        key: options?.sale?.idempotencyKey,
        shown: options?.sale?.offline?.shown_total,
      });
      return api.createOrder(lines, tenders, options);
    }),
  };
  return { api: switchable, state, sent };
}

async function savedCatalogue(): Promise<OfflineStore> {
  const store = memoryOfflineStore();
  await store.saveCatalogue({
    session: SESSION,
    categories: [{ slug: 'coffee', name: 'Coffee', count: 2 }],
    products: PRODUCTS,
    savedAt: '2026-11-28T09:00:00.000Z',
  });
  return store;
}

/** Rings up one Espresso paid with the $5 quick amount. */
async function sellEspresso(user: ReturnType<typeof userEvent.setup>, pay: string) {
  await user.click(screen.getByRole('button', { name: /Espresso/ }));
  await user.click(await screen.findByRole('button', { name: pay }));
  const dialog = screen.getByRole('dialog', { name: /Take payment/ });
  await user.click(within(dialog).getByRole('button', { name: '$5.00' }));
  await user.click(within(dialog).getByRole('button', { name: 'Complete sale' }));
}

describe('Register while the store does not answer', () => {
  it('sells from the saved catalogue at a provisional total and queues the sale', async () => {
    const { api, state, sent } = switchableApi();
    state.down = true;
    const user = userEvent.setup();
    const offlineStore = await savedCatalogue();
    render(<Register api={api} offlineStore={Promise.resolve(offlineStore)} retryMs={20} />);
    await screen.findByRole('button', { name: /Espresso/ });
    expect(screen.getByText(/The store does not answer\. Sales are kept/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Espresso/ }));
    // The sum of the shown prices, without the store's tax, and said to be provisional.
    expect(within(cart()).getByText('Provisional total')).toBeInTheDocument();
    expect(within(cart()).getByTestId('register-total')).toHaveTextContent('$3.00');
    await user.click(within(cart()).getByRole('button', { name: /One less/ }));

    await sellEspresso(user, 'Pay $3.00');
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    expect(within(receipt).getByTestId('receipt-waiting')).toHaveTextContent(
      'Waiting for the store',
    );
    expect(within(receipt).getByTestId('receipt-change')).toHaveTextContent('$2.00');
    expect(screen.getByTestId('register-waiting')).toHaveTextContent(
      '1 sale is waiting for the store.',
    );
    expect(await offlineStore.queued()).toHaveLength(1);
    expect(sent).toEqual([]);

    // The store answers again: the sale goes once, with its key; the store's total is shown.
    state.down = false;
    const settled = await screen.findByTestId('register-settled');
    expect(settled).toHaveTextContent('Order #1042: shown $3.00, the store settled $3.25');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({ key: expect.stringMatching(/^[0-9a-f-]{36}$/), shown: '3.00' });
    await waitFor(() => expect(screen.queryByTestId('register-waiting')).toBeNull());
    expect(await offlineStore.queued()).toEqual([]);
    expect(screen.queryByText(/The store does not answer/)).toBeNull();
    await user.click(within(settled).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('register-settled')).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('queues a sale whose order call the store does not answer, with the key it was sent with', async () => {
    const { api, state, sent } = switchableApi();
    const user = userEvent.setup();
    const offlineStore = memoryOfflineStore();
    let calls = 0;
    const keys: Array<string | undefined> = [];
    const failing: RegisterApi = {
      ...api,
      async createOrder(...args) {
        // The store goes down as the cashier completes the sale.
        calls += 1;
        keys.push(args[2]?.sale?.idempotencyKey);
        if (calls === 1) state.down = true;
        return api.createOrder(...args);
      },
    };
    render(<Register api={failing} offlineStore={Promise.resolve(offlineStore)} retryMs={20} />);
    await screen.findByRole('button', { name: /Espresso/ });
    await sellEspresso(user, 'Pay $3.25');
    expect(await screen.findByTestId('receipt-waiting')).toBeInTheDocument();
    const [queued] = await offlineStore.queued();
    expect(queued).toMatchObject({ lines: [{ product_id: 101, quantity: 1 }] });
    // It showed the store's total: the queue sends that one, under the same key.
    expect(queued!.shown.total).toBe('3.25');
    state.down = false;
    expect(await screen.findByTestId('register-settled')).toHaveTextContent('Order #1042');
    expect(keys).toEqual([queued!.key, queued!.key]);
    expect(sent).toHaveLength(1);
  });

  it('says so when the store does not answer and no catalogue was saved', async () => {
    const { api, state } = switchableApi();
    state.down = true;
    render(<Register api={api} offlineStore={Promise.resolve(memoryOfflineStore())} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The store does not answer and this register has no catalogue saved yet.',
    );
  });
});
