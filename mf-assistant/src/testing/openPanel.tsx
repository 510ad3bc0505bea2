import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SETTINGS,
  createAssistantApi,
  type FakeAssistantApi,
  type FakeAssistantState,
} from '../fixtures';
import { assistantTestIds } from '../testIds';
import { Assistant } from '../views/Assistant';
import { renderWithParcel } from './renderWithParcel';

/** What the demo data proves for the demo manager: a plan, the application, a station opened. */
export const DEMO_COMPLETED = [
  'open-station',
  'authorize-application',
  'create-application',
  'choose-plan',
];

/**
 * Renders the Assistant for the demo manager (the demo's tasks done, firstTaskCompleted set)
 * over the fake api, and opens the panel with the widget; `state` and `routes` change that.
 */
export async function openPanel(
  state: Partial<FakeAssistantState> = {},
  routes: FakeAssistantApi = {},
) {
  const fake = createAssistantApi(routes, {
    completed: [...DEMO_COMPLETED],
    createNewTicket: false,
    settings: { ...SETTINGS, firstTaskCompleted: true },
    ...state,
  });
  const rendered = renderWithParcel(<Assistant />, { api: fake.api });
  await userEvent.click(await screen.findByTestId(assistantTestIds.widget.button));
  const panel = screen.getByRole('dialog', { name: 'Assistant' });
  await within(panel).findByTestId(assistantTestIds.sections.support);
  return { ...fake, ...rendered, panel };
}
