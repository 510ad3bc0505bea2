import { render, screen, within } from '@testing-library/react';
import { RegisterError } from './api';
import { fakeApi } from './fixtures';
import { Register } from './Register';
import { cart, openRegister } from './testRegister';

describe('Register', () => {
  it("adds products from the grid and shows the store's totals", async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: /Espresso/ }));
    await user.click(screen.getByRole('button', { name: /Cappuccino/ }));
    await user.click(screen.getByRole('button', { name: 'One more Cappuccino' }));
    // 3.00 + 2 × 4.20 = 11.40, 8.25 % tax 0.94 (the store's figures).
    expect(await within(cart()).findByTestId('register-total')).toHaveTextContent('$12.34');
    expect(within(cart()).getByTestId('register-tax')).toHaveTextContent('$0.94');
    expect(within(cart()).getByLabelText('Quantity of Cappuccino')).toHaveTextContent('2');
  });

  it('adds the product whose barcode a scanner types with Enter, and clears the field', async () => {
    const { user } = await openRegister();
    const search = screen.getByLabelText('Search by name, SKU or barcode');
    expect(search).toHaveFocus();
    await user.type(search, '4000000000107{Enter}');
    expect(within(cart()).getByText('Butter Croissant')).toBeInTheDocument();
    expect(search).toHaveValue('');
    await user.type(search, 'sku-101{Enter}');
    expect(within(cart()).getByText('Espresso')).toBeInTheDocument();
    await user.type(search, '999{Enter}');
    expect(screen.getByText('No product has the code 999.')).toHaveAttribute('role', 'status');
  });

  it('filters by category and by name', async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Bakery' }));
    const grid = screen.getByRole('list', { name: 'Products' });
    expect(within(grid).queryByRole('button', { name: /Espresso/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.type(screen.getByLabelText('Search by name, SKU or barcode'), 'capp');
    expect(within(grid).getAllByRole('button')).toHaveLength(1);
  });

  it('does not add a product that is out of stock', async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: /Banana Bread/ }));
    expect(screen.getByText('No more Banana Bread in stock.')).toHaveAttribute('role', 'status');
    expect(within(cart()).queryByText('Banana Bread')).toBeNull();
  });

  it('takes cash with a quick amount, shows the change, and shows the receipt at once', async () => {
    const { user, api } = await openRegister();
    await user.click(screen.getByRole('button', { name: /Espresso/ }));
    await user.click(screen.getByRole('button', { name: /Butter Croissant/ }));
    await user.click(await screen.findByRole('button', { name: 'Pay $6.71' }));
    const dialog = screen.getByRole('dialog', { name: /Take payment/ });
    await user.click(within(dialog).getByRole('button', { name: '$10.00' }));
    expect(within(dialog).getByText('$3.29')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Complete sale' }));
    expect(api.orders).toEqual([
      {
        lines: [
          { product_id: 101, quantity: 1 },
          { product_id: 107, quantity: 1 },
        ],
        tenders: [{ method: 'cash', amount: '6.71', tendered: '10.00' }],
      },
    ]);
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    expect(within(receipt).getByText('Order #1042')).toBeInTheDocument();
    expect(within(receipt).getByTestId('receipt-change')).toHaveTextContent('$3.29');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Stock left after the sale shows in the grid.
    expect(screen.getByRole('button', { name: /Espresso/ })).toHaveTextContent('9 in stock');
  });

  it('is usable with the keyboard alone: scan, Pay, card reference, Enter', async () => {
    const { user, api } = await openRegister();
    await user.keyboard('sku-102{Enter}');
    const pay = await screen.findByRole('button', { name: 'Pay $4.55' });
    pay.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('radio', { name: 'Cash' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    await user.tab();
    await user.keyboard('T-8841{Enter}');
    expect(api.orders[0]?.tenders).toEqual([
      { method: 'card', amount: '4.55', reference: 'T-8841' },
    ]);
    expect(await screen.findByText('Paid by card (T-8841)')).toBeInTheDocument();
  });

  it("refuses cash short of the total and shows the store's refusal in the dialog", async () => {
    const api = fakeApi({
      createOrder: async () => {
        throw new RegisterError('Not enough units of Espresso are available in stock.', 400, 'x');
      },
    });
    const { user } = await openRegister(api);
    await user.click(screen.getByRole('button', { name: /Espresso/ }));
    await user.click(await screen.findByRole('button', { name: 'Pay $3.25' }));
    const tendered = screen.getByLabelText('Amount tendered');
    await user.clear(tendered);
    await user.type(tendered, '2');
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The cash tendered is less than the total.',
    );
    await user.clear(tendered);
    await user.type(tendered, '5{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not enough units of Espresso are available in stock.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says so when the store does not answer', async () => {
    render(
      <Register
        api={fakeApi({ session: () => Promise.reject(new Error('The store does not answer.')) })}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The store does not answer.');
  });
});
