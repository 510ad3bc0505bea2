import { storeRegisterSuite } from './registerSession';
import { issueKeys, signedFetch } from './storeClient';

// The register's customers, order note, parked sales and emailed receipts on the sandbox store
// (pos-connect/v1/register/{pos_id}/*), beyond what the contract suite checks.
const suite = storeRegisterSuite();

const cash = { method: 'cash', tendered: '100' };

async function mailTo(address: string) {
  const response = await fetch(
    `${suite.sandbox.mailHttpUrl}/messages?to=${encodeURIComponent(address)}`,
  );
  return (await response.json()) as Array<{ subject: string; text: string }>;
}

describe("the register's customers", () => {
  it('find the store customers by name or email, by page', async () => {
    const register = await suite.open();
    const found = await register.call('GET', 'customers?search=carl');
    expect(found.status).toBe(200);
    expect(found.headers.get('x-wp-total')).toBe('1');
    expect(found.body).toEqual([
      {
        id: 15,
        first_name: 'Carl',
        last_name: 'Customer',
        email: 'carl.customer@coffee.demo.test',
      },
    ]);
    expect((await register.call('GET', 'customers?search=COFFEE.demo')).body).toHaveLength(1);
    // Staff are users but no customers.
    expect((await register.call('GET', 'customers?search=Sam')).body).toEqual([]);
    expect((await register.call('GET', 'customers?per_page=101')).status).toBe(400);
  });

  it("create a customer by name and email, with WooCommerce's texts for a bad or taken email", async () => {
    const register = await suite.open();
    const made = await register.call('POST', 'customers', {
      first_name: 'Nora',
      last_name: 'Newman',
      email: 'nora@example.test',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ first_name: 'Nora', email: 'nora@example.test' });
    expect((await register.call('GET', 'customers?search=nora')).body).toEqual([made.body]);

    const again = await register.call('POST', 'customers', {
      first_name: 'Nora',
      email: 'NORA@example.test',
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      'An account is already registered with NORA@example.test. Please log in or use a different email address.',
    );
    const bad = await register.call('POST', 'customers', { first_name: 'X', email: 'not-mail' });
    expect(bad.body).toMatchObject({
      code: 'registration-error-invalid-email',
      message: 'Please provide a valid email address.',
    });
    expect((await register.call('POST', 'customers', { email: 'y@example.test' })).status).toBe(
      400,
    );
  });

  it('refuse a store user WooCommerce does not let list users or create customers', async () => {
    // Pickup Window (3) is shared with the cashier (user 2), whose role may only sell.
    const register = await suite.open(3, { wp_user_id: 2 });
    const session = await register.call('GET', 'session');
    expect(session.body).toMatchObject({ may_find_customers: false, may_create_customers: false });
    const list = await register.call('GET', 'customers');
    expect(list.status).toBe(403);
    expect(list.body.code).toBe('woocommerce_rest_cannot_view');
    const create = await register.call('POST', 'customers', {
      first_name: 'Nora',
      email: 'nora@example.test',
    });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('Sorry, you are not allowed to create resources.');
    expect((await register.call('GET', 'customers?search=nora')).status).toBe(403);
  });

  it("give the order the customer, their billing name and email, and the customer's note", async () => {
    const register = await suite.open();
    const sale = await register.call('POST', 'orders', {
      lines: [{ product_id: 101, quantity: 1 }],
      payment: cash,
      customer_id: 15,
      note: '  Gift wrap, please  ',
    });
    expect(sale.status).toBe(201);
    expect(sale.body).toMatchObject({
      customer: { id: 15, first_name: 'Carl', email: 'carl.customer@coffee.demo.test' },
      note: 'Gift wrap, please',
    });
    const keys = await issueKeys(suite.home, { user_id: 1, permissions: 'read' });
    const { body: order } = await signedFetch(
      `${suite.home}/wp-json/wc/v3/orders/${sale.body.id}`,
      keys,
    );
    expect(order).toMatchObject({
      customer_id: 15,
      billing: { first_name: 'Carl', last_name: 'Customer' },
      customer_note: 'Gift wrap, please',
    });
  });

  it('refuse an unknown customer or a note too long, making no order', async () => {
    const register = await suite.open();
    const lines = [{ product_id: 101, quantity: 1 }];
    const staff = await register.call('POST', 'orders', { lines, payment: cash, customer_id: 2 });
    expect(staff.status).toBe(400);
    expect(staff.body.data.params.customer_id).toMatch(/customer of this store/);
    const long = await register.call('POST', 'orders', {
      lines,
      payment: cash,
      note: 'x'.repeat(1001),
    });
    expect(long.body.data.params.note).toMatch(/at most 1000/);
    const guest = await register.call('POST', 'orders', { lines, payment: cash });
    expect(guest.body).toMatchObject({ customer: null, note: '' });
  });
});

describe("the register's parked sales", () => {
  it('park a cart with its customer and note at the station, list it, and resume it once', async () => {
    const register = await suite.open();
    const parked = await register.call('POST', 'parked', {
      lines: [{ product_id: 102, quantity: 2 }],
      customer_id: 15,
      note: 'Back in 5',
    });
    expect(parked.status).toBe(201);
    expect(parked.body).toMatchObject({
      cashier: 'Sam Owner',
      lines: [{ product_id: 102, quantity: 2, name: expect.any(String) }],
      customer: { id: 15 },
      note: 'Back in 5',
      parked_at_gmt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    expect((await register.call('GET', 'parked')).body).toEqual([parked.body]);
    // Another station of the store does not see it, nor can it take it.
    const other = await suite.open(2);
    expect((await other.call('GET', 'parked')).body).toEqual([]);
    expect((await other.call('DELETE', `parked/${parked.body.id}`)).status).toBe(404);

    const resumed = await register.call('DELETE', `parked/${parked.body.id}`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual(parked.body);
    const twice = await register.call('DELETE', `parked/${parked.body.id}`);
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe('This parked sale was already resumed or discarded.');
    expect((await register.call('GET', 'parked')).body).toEqual([]);
  });

  it('is no order: parking makes no order and fires no webhook', async () => {
    const register = await suite.open();
    const keys = await issueKeys(suite.home, { user_id: 1, permissions: 'read' });
    const orders = async () =>
      (await signedFetch(`${suite.home}/wp-json/wc/v3/orders`, keys)).headers.get('x-wp-total');
    const before = await orders();
    const parked = await register.call('POST', 'parked', {
      lines: [{ product_id: 101, quantity: 1 }],
    });
    expect(parked.status).toBe(201);
    expect(await orders()).toBe(before);
  });

  it('refuse a cart that is not valid, keeping nothing', async () => {
    const register = await suite.open();
    const empty = await register.call('POST', 'parked', { lines: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.data.params.lines).toBe('lines must list at least one item.');
    expect((await register.call('GET', 'parked')).body).toEqual([]);
  });
});

describe("the register's emailed receipt", () => {
  it("mail WooCommerce's customer invoice of a station's sale to the customer or a given address", async () => {
    const register = await suite.open();
    const sale = await register.call('POST', 'orders', {
      lines: [{ product_id: 101, quantity: 1 }],
      payment: cash,
      customer_id: 15,
      note: 'Gift wrap',
    });
    const mailed = await register.call('POST', `orders/${sale.body.id}/email`, {});
    expect(mailed.status).toBe(200);
    expect(mailed.body).toEqual({ sent_to: 'carl.customer@coffee.demo.test' });
    const [mail] = await mailTo('carl.customer@coffee.demo.test');
    expect(mail?.subject).toBe(`Details for order #${sale.body.id} on Demo Coffee Roasters`);
    expect(mail?.text).toContain('Note: Gift wrap');

    const other = await register.call('POST', `orders/${sale.body.id}/email`, {
      email: 'someone@example.test',
    });
    expect(other.body).toEqual({ sent_to: 'someone@example.test' });
    expect(await mailTo('someone@example.test')).toHaveLength(1);
  });

  it("refuse a guest's sale without an address, a bad address, and another station's order", async () => {
    const register = await suite.open();
    const sale = await register.call('POST', 'orders', {
      lines: [{ product_id: 101, quantity: 1 }],
      payment: cash,
    });
    const none = await register.call('POST', `orders/${sale.body.id}/email`, {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("The order has no email address: enter the customer's email.");
    const bad = await register.call('POST', `orders/${sale.body.id}/email`, { email: 'nope' });
    expect(bad.status).toBe(400);
    const other = await suite.open(2);
    const foreign = await other.call('POST', `orders/${sale.body.id}/email`, {
      email: 'someone@example.test',
    });
    expect(foreign.status).toBe(404);
  });

  it("tell the register the station's receipt settings", async () => {
    const register = await suite.open();
    const session = await register.call('GET', 'session');
    expect(session.body.receipt).toEqual({
      header: 'Demo Coffee Roasters',
      footer: 'Thank you for your visit!',
      print: true,
    });
  });
});
