import type { Product, Variation } from './types';

/**
 * A chosen variation as the cart holds it: a product of its own (its id, name, price, codes
 * and stock) whose `parent_id` is the variable product, so the store is sent both.
 */
export function variationItem(parent: Product, variation: Variation): Product {
  const { attributes: _options, ...item } = variation;
  return {
    ...item,
    category: parent.category,
    type: 'simple',
    attributes: [],
    variations: [],
    parent_id: parent.id,
  };
}

/** The variation whose options are exactly `chosen` (one per attribute), if the store has it. */
export function findVariation(
  parent: Product,
  chosen: Record<string, string>,
): Variation | undefined {
  return parent.variations.find((variation) =>
    parent.attributes.every((attribute) => {
      const option = variation.attributes[attribute.name];
      // WooCommerce's "Any …" variation leaves the attribute empty: it matches every option.
      return option === undefined || option === '' || option === chosen[attribute.name];
    }),
  );
}

/** Whether some variation with `option` for `attribute` (and the other choices) can be sold. */
export function optionAvailable(
  parent: Product,
  chosen: Record<string, string>,
  attribute: string,
  option: string,
): boolean {
  return parent.variations.some(
    (variation) =>
      variation.stock_status !== 'outofstock' &&
      parent.attributes.every(({ name }) => {
        const own = variation.attributes[name];
        const wanted = name === attribute ? option : chosen[name];
        return own === undefined || own === '' || wanted === undefined || own === wanted;
      }),
  );
}
