import { PRODUCTS } from './fixtures';
import { itemsOf } from './parked';

describe('a parked sale back in the cart', () => {
  it('takes the products from the catalogue as it is now, and names the ones no longer in it', () => {
    const { items, missing } = itemsOf(
      {
        id: 1,
        parked_at_gmt: '2026-11-28T10:05:00',
        cashier: 'Sam Owner',
        customer: null,
        note: '',
        lines: [
          { product_id: 102, quantity: 2, name: 'Cappuccino' },
          { product_id: 999, quantity: 1, name: 'Seasonal Tart' },
        ],
      },
      PRODUCTS,
    );
    expect(items).toEqual([{ product: PRODUCTS[1], quantity: 2 }]);
    expect(missing).toEqual(['Seasonal Tart']);
  });
});
