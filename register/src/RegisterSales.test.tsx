import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { RegisterError } from './api';
import { SESSION, fakeApi } from './fixtures';
import { cart, openRegister } from './testRegister';

// The register's customer, order note, parked sales and receipt (issue 28, part B). These
// journeys type and click a lot: on a machine shared by many runs they outlast jest's 5 s.
jest.setTimeout(20_000);

const parkedList = () => screen.getByRole('region', { name: /^Parked sales/ });

async function payExactly(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await within(cart()).findByRole('button', { name: /^Pay \$/ }));
  await user.click(screen.getByRole('button', { name: 'Complete sale' }));
  return screen.findByRole('region', { name: 'Receipt' });
}

describe('Register: customer, note, parked sales, receipt', () => {
  afterEach(() => jest.restoreAllMocks());

  it("sells to a customer found by name, with a note, and the receipt shows both and the station's texts", async () => {
    const { user, api } = await openRegister();
    await user.click(screen.getByRole('button', { name: /Espresso/ }));
    expect(screen.getByTestId('register-customer')).toHaveTextContent('Guest');
    await user.type(screen.getByLabelText('Find a customer (name or email)'), 'carl{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Choose Carl Customer' }));
    expect(screen.getByTestId('register-customer')).toHaveTextContent(
      'Carl Customer · carl@coffee.demo.test',
    );
    await user.type(screen.getByLabelText('Order note'), 'Gift wrap, please');

    const receipt = await payExactly(user);
    expect(api.orders[0]?.details).toEqual({
      customer: expect.objectContaining({ id: 15 }),
      note: 'Gift wrap, please',
    });
    expect(within(receipt).getByTestId('receipt-customer')).toHaveTextContent(
      'Customer: Carl Customer',
    );
    expect(within(receipt).getByTestId('receipt-note')).toHaveTextContent(
      'Note: Gift wrap, please',
    );
    expect(within(receipt).getByTestId('receipt-header')).toHaveTextContent('Demo Coffee Roasters');
    expect(within(receipt).getByTestId('receipt-footer')).toHaveTextContent(
      'Thank you for your visit!',
    );

    // The receipt goes to the customer's email, offered first.
    expect(within(receipt).getByLabelText('Email address for the receipt')).toHaveValue(
      'carl@coffee.demo.test',
    );
    await user.click(within(receipt).getByRole('button', { name: 'Email receipt' }));
    expect(
      await within(receipt).findByText('The receipt was sent to carl@coffee.demo.test.'),
    ).toBeInTheDocument();
    expect(api.mailed).toEqual([{ orderId: 1042, email: 'carl@coffee.demo.test' }]);

    // The next sale is a guest's again, without a note.
    await user.click(within(receipt).getByRole('button', { name: 'New sale' }));
    expect(screen.getByTestId('register-customer')).toHaveTextContent('Guest');
    expect(screen.getByLabelText('Order note')).toHaveValue('');
  });

  it("creates a customer by name and email, showing the store's own refusal", async () => {
    let refuse = true;
    const base = fakeApi();
    const api = fakeApi({
      createCustomer: async (input) => {
        if (refuse) {
          refuse = false;
          throw new RegisterError(
            'An account is already registered with nora@example.test. Please log in or use a different email address.',
            400,
            'registration-error-email-exists',
          );
        }
        return base.createCustomer(input);
      },
    });
    const { user } = await openRegister(api);
    await user.click(screen.getByRole('button', { name: 'New customer' }));
    const form = screen.getByRole('form', { name: 'New customer' });
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the first name.');
    await user.type(within(form).getByLabelText('First name'), 'Nora');
    await user.type(within(form).getByLabelText('Last name'), 'Newman');
    await user.type(within(form).getByLabelText('Email'), 'nora@example.test');
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account is already registered with nora@example.test.',
    );
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));
    expect(await screen.findByTestId('register-customer')).toHaveTextContent(
      'Nora Newman · nora@example.test',
    );
    expect(screen.queryByRole('form', { name: 'New customer' })).toBeNull();
  });

  it('offers neither search nor creation to a store user the store does not let', async () => {
    await openRegister(
      fakeApi({
        session: async () => ({
          ...SESSION,
          may_find_customers: false,
          may_create_customers: false,
        }),
      }),
    );
    expect(screen.getByTestId('register-customer')).toHaveTextContent('Guest');
    expect(screen.queryByLabelText('Find a customer (name or email)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New customer' })).toBeNull();
  });

  it('parks the sale with its customer and note, and resumes it into an empty cart only', async () => {
    const { user, api } = await openRegister();
    await user.click(screen.getByRole('button', { name: /Cappuccino/ }));
    await user.click(screen.getByRole('button', { name: 'One more Cappuccino' }));
    await user.type(screen.getByLabelText('Find a customer (name or email)'), 'cora{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Choose Cora Client' }));
    await user.type(screen.getByLabelText('Order note'), 'Back in 5');
    await user.click(within(parkedList()).getByRole('button', { name: 'Park sale' }));

    expect(await screen.findByText('The sale is parked.')).toBeInTheDocument();
    expect(within(cart()).getByText(/No items yet/)).toBeInTheDocument();
    expect(screen.getByTestId('register-customer')).toHaveTextContent('Guest');
    expect(api.parked).toHaveLength(1);
    const entry = within(parkedList()).getByRole('listitem');
    expect(entry).toHaveTextContent('Sam Owner · Cora Client · 2 items · Back in 5');

    // A cart with items must be parked or cleared before another sale comes back.
    await user.click(screen.getByRole('button', { name: /Espresso/ }));
    expect(
      within(entry).getByRole('button', { name: /^Resume the sale parked at/ }),
    ).toBeDisabled();
    await user.click(within(cart()).getByRole('button', { name: 'Clear sale' }));
    await user.click(within(entry).getByRole('button', { name: /^Resume .*Cora Client$/ }));

    expect(await screen.findByText('The parked sale is back in the cart.')).toBeInTheDocument();
    expect(within(cart()).getByLabelText('Quantity of Cappuccino')).toHaveTextContent('2');
    expect(screen.getByTestId('register-customer')).toHaveTextContent('Cora Client');
    expect(screen.getByLabelText('Order note')).toHaveValue('Back in 5');
    expect(api.parked).toEqual([]);
    expect(within(parkedList()).getByText('No parked sales.')).toBeInTheDocument();
  });

  it('discards a parked sale', async () => {
    const { user, api } = await openRegister();
    await user.click(screen.getByRole('button', { name: /Espresso/ }));
    await user.click(within(parkedList()).getByRole('button', { name: 'Park sale' }));
    await user.click(await within(parkedList()).findByRole('button', { name: /^Discard/ }));
    expect(await screen.findByText('The parked sale is discarded.')).toBeInTheDocument();
    expect(api.parked).toEqual([]);
  });

  it("opens the print dialog after each sale when the station's settings say so", async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = await openRegister(
      fakeApi({
        session: async () => ({ ...SESSION, receipt: { ...SESSION.receipt, print: true } }),
      }),
    );
    await user.click(screen.getByRole('button', { name: /Espresso/ }));
    await payExactly(user);
    await screen.findByRole('region', { name: 'Receipt' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('does not open the print dialog when the station does not print', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: /Espresso/ }));
    await payExactly(user);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(print).not.toHaveBeenCalled();
  });
});
