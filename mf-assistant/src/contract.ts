import type { RemoteContract } from '@pos/shared';
import { ASSISTANT } from './texts';

/**
 * What the shell gets from mf_assistant, for managers (spec 2.10, 2.11, issue 14): no page, nav
 * item or tile, but the Assistant's widget of the side navigation — the progress ring, the
 * first-task tooltip and the panel they open, all in one parcel.
 */
const contract: RemoteContract = {
  name: 'mf_assistant',
  routes: [],
  navItems: [],
  tiles: [],
  navWidgets: [
    {
      id: 'assistant',
      title: ASSISTANT,
      access: 'manager',
      order: 10,
      load: () => import('./parcels/assistant').then((m) => m.default),
    },
  ],
};

export default contract;
