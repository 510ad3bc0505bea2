import type { RegisterApi } from './api';
import type { Product } from './types';
import { variationItem } from './variations';

/** Products fetched per request: the store's largest page. */
export const PAGE_SIZE = 100;

/**
 * The whole catalogue, page by page (a big store answers in pieces), kept in the browser so
 * that search and scanning never wait for the network. `onPage` sees the products so far.
 */
export async function loadCatalogue(
  api: RegisterApi,
  onPage: (products: Product[]) => void = () => undefined,
): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.products(page, PAGE_SIZE);
    products.push(...answer.products);
    onPage([...products]);
    if (page >= answer.totalPages || answer.products.length === 0) return products;
  }
}

/** A search index over the catalogue: codes by exact match, names by their words. */
export interface CatalogueIndex {
  /**
   * The product whose SKU or barcode is exactly `code` (what a scanner types); a variation's
   * code gives that variation, ready for the cart.
   */
  byCode(code: string): Product | undefined;
  /** Products whose name contains `text`, or whose SKU or barcode starts with it. */
  search(text: string): Product[];
}

/** Builds the index once per catalogue; lookups by code are a map read. */
export function indexCatalogue(products: Product[]): CatalogueIndex {
  const codes = new Map<string, Product>();
  const names = products.map((product) => ({ product, name: product.name.toLowerCase() }));
  for (const product of products) {
    if (product.sku) codes.set(product.sku.toLowerCase(), product);
    if (product.barcode) codes.set(product.barcode, product);
    for (const variation of product.variations) {
      const item = variationItem(product, variation);
      if (variation.sku) codes.set(variation.sku.toLowerCase(), item);
      if (variation.barcode) codes.set(variation.barcode, item);
    }
  }
  return {
    byCode: (code) => codes.get(code.trim().toLowerCase()),
    search(text) {
      const query = text.trim().toLowerCase();
      if (query === '') return products;
      return names
        .filter(
          ({ product, name }) =>
            name.includes(query) ||
            product.sku.toLowerCase().startsWith(query) ||
            product.barcode.startsWith(query),
        )
        .map(({ product }) => product);
    },
  };
}

/**
 * Whether the register may add one more of `product` with `inCart` already in the cart: not
 * when it is out of stock, nor beyond its stock unless the store takes backorders for it.
 */
export function canAdd(product: Product, inCart: number): boolean {
  if (product.stock_status === 'outofstock') return false;
  if (product.backorders !== 'no') return true;
  return (
    !product.manage_stock || product.stock_quantity === null || product.stock_quantity > inCart
  );
}

/** Whether one more of `product` would be sold on backorder (beyond its stock). */
export function onBackorder(product: Product, inCart: number): boolean {
  return (
    product.stock_status === 'onbackorder' ||
    (product.manage_stock && product.stock_quantity !== null && product.stock_quantity <= inCart)
  );
}
