import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { COUPON, SESSION, fakeApi } from './fixtures';
import { cart, openRegister } from './testRegister';

// Variations, backorders, coupons and discounts in the register (issue 28, part A).
const search = () => screen.getByLabelText('Search by name, SKU or barcode');

async function pay(user: ReturnType<typeof userEvent.setup>) {
  await within(cart()).findByTestId('register-total');
  await user.click(within(cart()).getByRole('button', { name: /^Pay / }));
  const dialog = screen.getByRole('dialog', { name: /Take payment/ });
  await user.click(within(dialog).getByRole('button', { name: 'Complete sale' }));
}

describe('Register: variable products', () => {
  it('asks the attributes of a variable product with the keyboard and adds the chosen variation', async () => {
    const { user, api } = await openRegister();
    const drip = screen.getByRole('button', { name: /Drip Coffee/ });
    expect(drip).toHaveTextContent('From $2.50');
    expect(drip).toHaveTextContent('2 options');
    drip.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Choose Drip Coffee' });
    const small = within(dialog).getByRole('radio', { name: 'Small' });
    expect(small).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Add to sale' })).toBeDisabled();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: 'Large' })).toBeChecked();
    expect(within(dialog).getByTestId('register-variation-summary')).toHaveTextContent('$3.50');
    await user.click(within(dialog).getByRole('button', { name: 'Add to sale' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(cart()).getByText('Drip Coffee - Large')).toBeInTheDocument();
    // 3.50 + 8.25 % = 3.79, the store's figure for the variation.
    expect(await within(cart()).findByTestId('register-total')).toHaveTextContent('$3.79');
    await pay(user);
    expect(api.orders[0]?.lines).toEqual([{ product_id: 110, variation_id: 1102, quantity: 1 }]);
  });

  it('closes the choice with Escape, adding nothing', async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: /Drip Coffee/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(cart()).queryByText(/Drip Coffee/)).toBeNull();
  });

  it('adds a variation at once when its barcode is scanned', async () => {
    const { user } = await openRegister();
    await user.type(search(), '4000000011020{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(cart()).getByText('Drip Coffee - Large')).toBeInTheDocument();
  });
});

describe('Register: backorders', () => {
  it('adds a sold-out product the store takes backorders for, and says so', async () => {
    const { user } = await openRegister();
    const cake = screen.getByRole('button', { name: /Seasonal Cake/ });
    expect(cake).toHaveTextContent('On backorder');
    await user.click(cake);
    expect(within(cart()).getByText('Seasonal Cake')).toBeInTheDocument();
    expect(screen.getByText('Seasonal Cake is sold on backorder.')).toHaveAttribute(
      'role',
      'status',
    );
  });
});

describe('Register: coupons', () => {
  it("shows WooCommerce's refusal, applies a valid coupon with its discount, and removes it", async () => {
    const { user, api } = await openRegister();
    await user.click(screen.getByRole('button', { name: /Cappuccino/ }));
    await within(cart()).findByTestId('register-total');
    const field = within(cart()).getByLabelText('Coupon code');
    await user.type(field, 'nosuch{Enter}');
    expect(await within(cart()).findByRole('alert')).toHaveTextContent(
      'Coupon "nosuch" cannot be applied because it does not exist.',
    );
    await user.clear(field);
    await user.type(field, COUPON.toUpperCase());
    await user.click(within(cart()).getByRole('button', { name: 'Apply coupon' }));
    expect(await within(cart()).findByText(`Coupon: ${COUPON}`)).toBeInTheDocument();
    expect(within(cart()).getByTestId('register-coupon-discount')).toHaveTextContent('−$0.42');
    // 4.20 − 0.42 = 3.78, 8.25 % tax 0.31.
    expect(await within(cart()).findByTestId('register-total')).toHaveTextContent('$4.09');
    expect(field).toHaveValue('');

    await user.click(within(cart()).getByRole('button', { name: `Remove coupon ${COUPON}` }));
    expect(await within(cart()).findByTestId('register-total')).toHaveTextContent('$4.55');
    expect(within(cart()).queryByText(`Coupon: ${COUPON}`)).toBeNull();

    await user.type(field, `${COUPON}{Enter}`);
    await within(cart()).findByText(`Coupon: ${COUPON}`);
    await pay(user);
    expect(api.orders[0]?.adjustments).toEqual({ coupons: [COUPON] });
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    expect(within(receipt).getByRole('row', { name: `Coupon: ${COUPON} −$0.42` })).toBeVisible();
  });
});

describe('Register: discounts', () => {
  it('gives a line discount and a cart discount, and the store prices them', async () => {
    const { user, api } = await openRegister();
    await user.click(screen.getByRole('button', { name: /Cappuccino/ }));
    await user.click(screen.getByRole('button', { name: /Espresso/ }));
    await user.click(within(cart()).getByRole('button', { name: 'Discount on Cappuccino' }));
    let dialog = screen.getByRole('dialog', { name: 'Discount on Cappuccino' });
    await user.type(within(dialog).getByLabelText('Percentage off'), '150{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Enter a percentage above 0 and at most 100, such as 10.',
    );
    await user.clear(within(dialog).getByLabelText('Percentage off'));
    await user.type(within(dialog).getByLabelText('Percentage off'), '10{Enter}');
    expect(await within(cart()).findByText('Discount: Cappuccino: -$0.42')).toBeInTheDocument();

    await user.click(within(cart()).getByRole('button', { name: 'Cart discount' }));
    dialog = screen.getByRole('dialog', { name: 'Cart discount' });
    await user.click(within(dialog).getByRole('radio', { name: 'Fixed amount' }));
    await user.type(within(dialog).getByLabelText('Amount off'), '1{Enter}');
    expect(await within(cart()).findByTestId('register-cart-discount')).toHaveTextContent('-$1.00');
    // 7.20 − 0.42 − 1.00 = 5.78, 8.25 % tax 0.48.
    expect(await within(cart()).findByTestId('register-total')).toHaveTextContent('$6.26');
    await pay(user);
    expect(api.orders[0]).toMatchObject({
      lines: [
        { product_id: 102, quantity: 1, discount: { type: 'percent', amount: '10' } },
        { product_id: 101, quantity: 1 },
      ],
      adjustments: { discount: { type: 'fixed', amount: '1.00' } },
    });
  });

  it('hides the discount buttons from a store user who may not give discounts', async () => {
    const api = fakeApi({ session: async () => ({ ...SESSION, may_discount: false }) });
    const { user } = await openRegister(api);
    await user.click(screen.getByRole('button', { name: /Cappuccino/ }));
    await within(cart()).findByTestId('register-total');
    expect(within(cart()).queryByRole('button', { name: /Discount/ })).toBeNull();
    expect(within(cart()).queryByRole('button', { name: 'Cart discount' })).toBeNull();
    expect(within(cart()).getByLabelText('Coupon code')).toBeEnabled();
  });
});
