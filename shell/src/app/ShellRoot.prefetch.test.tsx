import { act, screen, waitFor } from '@testing-library/react';
import type { InitialCheckResult } from '../session/SessionManager';
import { renderLean, testServices } from '../testing/shellHarness';
import { makeToken, nowInSeconds } from '../testing/tokens';
import { ShellRoot } from './ShellRoot';

// Whether the signed-in shell's chunk was fetched: its module is evaluated once, when it is.
const mockEvaluated = jest.fn();
jest.mock('./SignedInApp', () => {
  mockEvaluated();
  return { __esModule: true, default: () => null };
});

const never = new Promise<InitialCheckResult>(() => undefined);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('ShellRoot fetching the signed-in shell', () => {
  it('does not fetch it for a signed-out visitor', async () => {
    renderLean(<ShellRoot initialCheck={Promise.resolve('signed-out')} />, { path: '/' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
    expect(mockEvaluated).not.toHaveBeenCalled();
  });

  it('fetches it while the start-up check of a stored token still runs', async () => {
    const services = testServices();
    services.session.setToken(
      makeToken({ exp: nowInSeconds() + 3600, nra: nowInSeconds() + 86400 }),
    );
    renderLean(<ShellRoot initialCheck={never} />, { path: '/', services });
    await waitFor(() => expect(mockEvaluated).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });
});
