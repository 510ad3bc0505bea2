import type { ApplicationRow } from '../../db/types';
import type { NewActivity } from '../../repositories/activities';

type Named = Pick<ApplicationRow, 'id' | 'name'>;

const link = (row: Named) => ({ link: `/applications/${row.id}`, linkName: row.name });

/** The feed entries the store's webhooks add (spec 3's orderProcessed, customerAdded, productAdded). */
export const storeFeed = {
  orderProcessed: (row: Named, storeOrderId: number): NewActivity => ({
    name: `Order #${storeOrderId} was processed in ${row.name}`,
    feedType: 'orderProcessed',
    ...link(row),
  }),
  customerAdded: (row: Named, customer: string): NewActivity => ({
    name: `Customer ${customer} was added in ${row.name}`,
    feedType: 'customerAdded',
    ...link(row),
  }),
  productAdded: (row: Named, product: string): NewActivity => ({
    name: `Product ${product} was added in ${row.name}`,
    feedType: 'productAdded',
    ...link(row),
  }),
};
