import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from './fixtures';
import { Register } from './Register';

/**
 * Renders the register on `api` (the fake store unless given) and waits for its catalogue:
 * the start of the register's journeys in its tests.
 */
export async function openRegister(api = fakeApi()) {
  const user = userEvent.setup();
  render(<Register api={api} />);
  await screen.findByRole('button', { name: /Espresso/ });
  return { user, api };
}

/** The current sale's region. */
export const cart = () => screen.getByRole('region', { name: 'Current sale' });
