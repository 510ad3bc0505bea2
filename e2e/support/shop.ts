// The demo stores' web shop (sandbox/src/store/shop.ts), as a shopper uses it: each checkout
// is a real web order, delivered to the api by the store's order.created webhook.

/** The product ids the shop's form offers (its qty_{id} fields). */
async function shopProducts(storeUrl: string): Promise<number[]> {
  const html = await (await fetch(`${storeUrl}/shop`)).text();
  return [...html.matchAll(/name="qty_(\d+)"/g)].map((match) => Number(match[1]));
}

/**
 * Places `count` web orders on the store's shop, one product each (the products in turn), and
 * returns their order numbers.
 */
export async function placeWebOrders(storeUrl: string, count: number): Promise<number[]> {
  const products = await shopProducts(storeUrl);
  if (products.length === 0) throw new Error(`${storeUrl}/shop offers no products`);
  const orders: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const form = new URLSearchParams({
      [`qty_${products[index % products.length]}`]: '1',
      name: `Web Shopper ${index + 1}`,
      email: `shopper-${index + 1}@example.test`,
    });
    const response = await fetch(`${storeUrl}/shop/checkout`, { method: 'POST', body: form });
    const html = await response.text();
    const number = /Your order #(\d+)/.exec(html)?.[1];
    if (!response.ok || !number) throw new Error(`checkout ${index + 1}: ${response.status}`);
    orders.push(Number(number));
  }
  return orders;
}
