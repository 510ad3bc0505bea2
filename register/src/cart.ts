import type { CartLine, Discount, Product } from './types';

/**
 * One line of the register's cart: the product as listed (a chosen variation as a product of
 * its own, `parent_id` set), how many, and the cashier's discount on the line.
 */
export interface CartItem {
  product: Product;
  quantity: number;
  discount?: Discount;
}

export type CartAction =
  | { type: 'add'; product: Product }
  | { type: 'increment'; productId: number }
  | { type: 'decrement'; productId: number }
  | { type: 'remove'; productId: number }
  /** Sets the line's discount; null takes it off. */
  | { type: 'discount'; productId: number; discount: Discount | null }
  | { type: 'clear' }
  /** The cart becomes `items` (a parked sale resumed). */
  | { type: 'load'; items: CartItem[] };

/** The cart's changes; a product added again adds to its line. */
export function cartReducer(cart: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case 'add':
      return cart.some((item) => item.product.id === action.product.id)
        ? cart.map((item) =>
            item.product.id === action.product.id ? { ...item, quantity: item.quantity + 1 } : item,
          )
        : [...cart, { product: action.product, quantity: 1 }];
    case 'increment':
      return cart.map((item) =>
        item.product.id === action.productId ? { ...item, quantity: item.quantity + 1 } : item,
      );
    case 'decrement':
      return cart
        .map((item) =>
          item.product.id === action.productId ? { ...item, quantity: item.quantity - 1 } : item,
        )
        .filter((item) => item.quantity > 0);
    case 'remove':
      return cart.filter((item) => item.product.id !== action.productId);
    case 'discount':
      return cart.map((item) => {
        if (item.product.id !== action.productId) return item;
        const { discount: _old, ...rest } = item;
        return action.discount ? { ...rest, discount: action.discount } : rest;
      });
    case 'clear':
      return [];
    case 'load':
      return action.items;
  }
}

/** The cart as the store's routes take it. */
export function cartLines(cart: CartItem[]): CartLine[] {
  return cart.map((item) => ({
    product_id: item.product.parent_id ?? item.product.id,
    ...(item.product.parent_id === undefined ? {} : { variation_id: item.product.id }),
    quantity: item.quantity,
    ...(item.discount ? { discount: item.discount } : {}),
  }));
}
