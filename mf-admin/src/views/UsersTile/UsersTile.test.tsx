import { screen } from '@testing-library/react';
import { createFakeAdminApi, createFakeApi } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { UsersTile } from './UsersTile';

describe('UsersTile', () => {
  it('shows the total number of users and links to the Admin Panel', async () => {
    const { api, requests } = createFakeAdminApi();
    renderWithParcel(<UsersTile />, { api, path: '/' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading users');
    expect(await screen.findByText('2')).toBeInTheDocument();
    expect(screen.getByText('users in total')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Admin Panel' })).toHaveAttribute(
      'href',
      '/admin-panel',
    );
    expect(requests[0]?.params).toMatchObject({ page: 1, limit: 1 });
  });

  it('shows the error and no link for a banned admin', async () => {
    const { api } = createFakeApi(() => ({ status: 402, data: { message: 'Account is banned' } }));
    renderWithParcel(<UsersTile />, { api, path: '/', viewer: { isBanned: true } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Account is banned');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
