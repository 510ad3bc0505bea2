import { canAdd, indexCatalogue } from './catalogue';
import { PRODUCTS, product } from './fixtures';
import { findVariation, optionAvailable, variationItem } from './variations';

const drip = PRODUCTS.find((p) => p.id === 110)!;

describe('variations', () => {
  it('makes a chosen variation a product of its own, naming its parent', () => {
    const large = findVariation(drip, { Size: 'Large' })!;
    expect(large.id).toBe(1102);
    expect(variationItem(drip, large)).toMatchObject({
      id: 1102,
      name: 'Drip Coffee - Large',
      price: '3.50',
      parent_id: 110,
      type: 'simple',
      variations: [],
    });
    expect(findVariation(drip, { Size: 'Medium' })).toBeUndefined();
  });

  it('finds a variation by its barcode or SKU in the index', () => {
    const index = indexCatalogue(PRODUCTS);
    expect(index.byCode('4000000011020')).toMatchObject({ id: 1102, parent_id: 110 });
    expect(index.byCode('sku-1101')).toMatchObject({ id: 1101, parent_id: 110 });
    // The variable product is listed once.
    expect(index.search('drip').map((p) => p.id)).toEqual([110]);
  });

  it('disables an option no variation in stock has', () => {
    const sold = {
      ...drip,
      variations: drip.variations.map((v) =>
        v.id === 1102 ? { ...v, stock_status: 'outofstock' as const } : v,
      ),
    };
    expect(optionAvailable(sold, {}, 'Size', 'Small')).toBe(true);
    expect(optionAvailable(sold, {}, 'Size', 'Large')).toBe(false);
  });
});

describe('canAdd and backorders', () => {
  it('adds beyond the stock only when the store takes backorders', () => {
    const two = product({ id: 1, name: 'Two left', stock_quantity: 2 });
    expect(canAdd(two, 1)).toBe(true);
    expect(canAdd(two, 2)).toBe(false);
    expect(canAdd({ ...two, backorders: 'notify' }, 2)).toBe(true);
    expect(canAdd({ ...two, stock_status: 'onbackorder', backorders: 'yes' }, 5)).toBe(true);
    expect(canAdd({ ...two, stock_status: 'outofstock' }, 0)).toBe(false);
  });
});
