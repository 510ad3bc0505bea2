import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_ERROR_STORAGE_KEY } from '../../session/accessError';
import { browserPath, renderLean } from '../../testing/shellHarness';
import { AccessDeniedPage } from './AccessDeniedPage';

const denied = {
  appId: 'app_1',
  wpHome: 'http://127.0.0.1:4201',
  posId: '3',
  text: 'You do not have access to the Pickup Window station of Demo Coffee Roasters.',
  name: 'Access denied',
};

beforeEach(() => sessionStorage.clear());

describe('AccessDeniedPage', () => {
  it("shows the error's name and text with both links of spec 2.13", () => {
    sessionStorage.setItem(ACCESS_ERROR_STORAGE_KEY, JSON.stringify(denied));
    renderLean(<AccessDeniedPage />, { path: '/access-denied' });
    expect(screen.getByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByText(denied.text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "View the application's stations" })).toHaveAttribute(
      'href',
      '/applications/app_1/stations',
    );
    const wordpress = screen.getByRole('link', { name: /Manage user access in WordPress/ });
    expect(wordpress).toHaveAttribute(
      'href',
      'http://127.0.0.1:4201/wp-admin/users.php?pos_station=3',
    );
    expect(wordpress).toHaveAttribute('target', '_blank');
    expect(wordpress).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("moves to the application's station list inside the dashboard", async () => {
    sessionStorage.setItem(ACCESS_ERROR_STORAGE_KEY, JSON.stringify(denied));
    renderLean(<AccessDeniedPage />, { path: '/access-denied' });
    await userEvent.click(screen.getByRole('link', { name: "View the application's stations" }));
    expect(browserPath()).toBe('/applications/app_1/stations');
  });

  it('leaves a modified click to the browser (a new tab), without moving the dashboard', () => {
    sessionStorage.setItem(ACCESS_ERROR_STORAGE_KEY, JSON.stringify(denied));
    renderLean(<AccessDeniedPage />, { path: '/access-denied' });
    const link = screen.getByRole('link', { name: "View the application's stations" });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(browserPath()).toBe('/access-denied');
  });

  it('leaves out the links when the error names no application', () => {
    sessionStorage.setItem(
      ACCESS_ERROR_STORAGE_KEY,
      JSON.stringify({ ...denied, appId: '', wpHome: '', posId: '', name: 'Station not found' }),
    );
    renderLean(<AccessDeniedPage />, { path: '/access-denied' });
    expect(screen.getByRole('heading', { name: 'Station not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /stations/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /WordPress/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toBeInTheDocument();
  });

  it('goes home when there is no error to show', () => {
    renderLean(<AccessDeniedPage />, { path: '/access-denied' });
    expect(browserPath()).toBe('/');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
