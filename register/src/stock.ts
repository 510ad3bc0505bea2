import type { Product } from './types';

/**
 * The grid's stock after units of products went back on the shelf (a refund restocks them),
 * until the catalogue is loaded again: the store has added them to its managed stock.
 */
export function restocked(
  products: Product[],
  returned: ReadonlyArray<{ product_id: number; quantity: number }>,
): Product[] {
  return products.map((product) => {
    const units = returned
      .filter((line) => line.product_id === product.id)
      .reduce((sum, line) => sum + line.quantity, 0);
    if (units === 0 || !product.manage_stock || product.stock_quantity === null) return product;
    return { ...product, stock_quantity: product.stock_quantity + units, stock_status: 'instock' };
  });
}
