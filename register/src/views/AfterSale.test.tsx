import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterError } from '../api';
import { fakeApi } from '../fixtures';
import { Register } from '../Register';

// Whole journeys typed key by key: on a loaded machine they outlast Jest's 5 s default.
jest.setTimeout(20_000);

/** A register that has sold Espresso + Butter Croissant (6.71) and 2 Cappuccino (9.09) by card. */
async function afterTwoSales(api = fakeApi()) {
  const user = userEvent.setup();
  render(<Register api={api} />);
  await api.createOrder(
    [
      { product_id: 101, quantity: 1 },
      { product_id: 107, quantity: 1 },
    ],
    [{ method: 'cash', amount: '6.71', tendered: '10.00' }],
  );
  await api.createOrder(
    [{ product_id: 102, quantity: 2 }],
    [
      { method: 'cash', amount: '4.00', tendered: '4.00' },
      { method: 'card', amount: '5.09', reference: 'T-7' },
    ],
  );
  await screen.findByRole('button', { name: /Espresso/ });
  return { user, api };
}

describe('after the sale', () => {
  it("lists today's sales with their tenders and opens a receipt", async () => {
    const { user } = await afterTwoSales();
    await user.click(screen.getByRole('button', { name: "Today's sales" }));
    const table = await screen.findByRole('table', { name: "Today's sales" });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('#1043');
    expect(rows[1]).toHaveTextContent('$9.09');
    expect(rows[1]).toHaveTextContent('Cash $4.00 + Card $5.09');
    expect(rows[1]).toHaveTextContent('Sam Owner');
    expect(rows[2]).toHaveTextContent('#1042');
    await user.click(screen.getByRole('button', { name: 'Open the receipt of order #1043' }));
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    expect(within(receipt).getByText('Card $5.09 (T-7)')).toBeInTheDocument();
    expect(within(receipt).getByText('Cash $4.00')).toBeInTheDocument();
    await user.click(within(receipt).getByRole('button', { name: "Back to today's sales" }));
    expect(screen.getByRole('table', { name: "Today's sales" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the sale' }));
    expect(screen.getByRole('region', { name: 'Current sale' })).toBeInTheDocument();
  });

  it('refunds one line with a reason and puts its stock back in the grid', async () => {
    const { user, api } = await afterTwoSales();
    await user.click(screen.getByRole('button', { name: "Today's sales" }));
    await user.click(
      await screen.findByRole('button', { name: 'Open the receipt of order #1042' }),
    );
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order #1042' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Choose at least one unit to refund.',
    );
    await user.type(within(dialog).getByLabelText(/Units of Butter Croissant to refund/), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the reason for the refund.');
    await user.type(within(dialog).getByLabelText('Reason'), 'Stale{Enter}');
    expect(api.refunds).toEqual([
      { id: 1042, reason: 'Stale', lines: [{ line_id: 10421, quantity: 1 }] },
    ]);
    expect(await screen.findByText('Order #1042 refunded; the items are back in stock.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('receipt-refunded')).toHaveTextContent('$3.46');
    // 10 in stock before; the sales were made behind the grid's back, the refund adds one.
    expect(screen.getByRole('button', { name: /Butter Croissant/ })).toHaveTextContent(
      '11 in stock',
    );
  });

  it("shows WooCommerce's own refusal of a refund in the dialog", async () => {
    const api = fakeApi({
      refund: () =>
        Promise.reject(
          new RegisterError(
            'Invalid refund amount.',
            400,
            'woocommerce_rest_cannot_create_order_refund',
          ),
        ),
    });
    const { user } = await afterTwoSales(api);
    await user.click(screen.getByRole('button', { name: "Today's sales" }));
    await user.click(
      await screen.findByRole('button', { name: 'Open the receipt of order #1043' }),
    );
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order #1043' });
    await user.click(within(dialog).getByRole('button', { name: 'Select everything' }));
    expect(within(dialog).getByLabelText(/Units of Cappuccino/)).toHaveValue(2);
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong order{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invalid refund amount.');
  });

  it('shows the end-of-day summary: count, gross, refunds, net, by tender and cashier', async () => {
    const { user, api } = await afterTwoSales();
    await api.refund(1042, 'Stale', [{ line_id: 10421, quantity: 1 }]);
    await user.click(screen.getByRole('button', { name: 'End of day' }));
    expect(
      await screen.findByRole('heading', { name: 'End-of-day summary, 2026-11-28' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('summary-orders')).toHaveTextContent('2');
    expect(screen.getByTestId('summary-gross')).toHaveTextContent('$15.80');
    expect(screen.getByTestId('summary-refunds')).toHaveTextContent('$3.46');
    expect(screen.getByTestId('summary-net')).toHaveTextContent('$12.34');
    expect(screen.getByTestId('summary-cash')).toHaveTextContent('$10.71');
    expect(screen.getByTestId('summary-card')).toHaveTextContent('$5.09');
    const cashiers = screen.getByRole('table', { name: 'By cashier' });
    expect(within(cashiers).getByRole('row', { name: /Sam Owner/ })).toHaveTextContent(
      'Sam Owner2$15.80$3.46$12.34',
    );
    expect(screen.getByRole('button', { name: 'Print summary' })).toBeInTheDocument();
  });
});
