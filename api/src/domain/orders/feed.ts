import type { ApplicationRow } from '../../db/types';
import type { NewActivity } from '../../repositories/activities';
import type { OrderFields } from '../../repositories/orders';

type Named = Pick<ApplicationRow, 'id' | 'name'>;

const link = (row: Named) => ({ link: `/applications/${row.id}`, linkName: row.name });

/** The feed entries the store's webhooks add (spec 3's orderProcessed, customerAdded, productAdded). */
export const storeFeed = {
  /** A new order; one taken at the point of sale proves the Assistant's first-order task. */
  orderProcessed: (
    row: Named,
    order: Pick<OrderFields, 'storeOrderId' | 'channel'>,
  ): NewActivity => ({
    name: `Order #${order.storeOrderId} was processed in ${row.name}`,
    feedType: 'orderProcessed',
    ...link(row),
    ...(order.channel === 'pos'
      ? { proves: { task: 'process-first-order' as const, applicationId: row.id } }
      : {}),
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
