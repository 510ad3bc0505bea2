import { canAdd, indexCatalogue, loadCatalogue } from './catalogue';
import { fakeApi, product } from './fixtures';

describe('the catalogue', () => {
  it('loads every page of a large catalogue', async () => {
    const all = Array.from({ length: 250 }, (_, n) =>
      product({ id: n + 1, name: `Item ${n + 1}` }),
    );
    const pages: number[] = [];
    const api = fakeApi({
      products: async (page, perPage) => {
        pages.push(page);
        return {
          products: all.slice((page - 1) * perPage, page * perPage),
          totalPages: Math.ceil(all.length / perPage),
        };
      },
    });
    expect(await loadCatalogue(api)).toHaveLength(250);
    expect(pages).toEqual([1, 2, 3]);
  });

  it('finds a product by exact SKU or barcode, and by part of its name', () => {
    const index = indexCatalogue([
      product({ id: 1, name: 'Flat White', sku: 'FW-1', barcode: '4000000000001' }),
      product({ id: 2, name: 'Cold Brew', sku: 'CB-2', barcode: '4000000000002' }),
    ]);
    expect(index.byCode('fw-1')?.id).toBe(1);
    expect(index.byCode(' 4000000000002 ')?.id).toBe(2);
    expect(index.byCode('FW')).toBeUndefined();
    expect(index.search('brew').map((p) => p.id)).toEqual([2]);
    expect(index.search('').map((p) => p.id)).toEqual([1, 2]);
  });

  it('keeps the cart within the managed stock', () => {
    const two = product({ id: 1, name: 'A', stock_quantity: 2 });
    expect(canAdd(two, 1)).toBe(true);
    expect(canAdd(two, 2)).toBe(false);
    expect(
      canAdd(product({ id: 2, name: 'B', manage_stock: false, stock_quantity: null }), 99),
    ).toBe(true);
    expect(canAdd(product({ id: 3, name: 'C', stock_status: 'outofstock' }), 0)).toBe(false);
  });
});
