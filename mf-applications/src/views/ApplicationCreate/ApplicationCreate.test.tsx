import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApplicationsApi } from '../../fixtures';
import { renderWithParcel } from '../../testing/renderWithParcel';
import { ApplicationCreate } from './ApplicationCreate';

describe('ApplicationCreate', () => {
  it('creates the application and opens its page with a success bubble', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeApplicationsApi([]);
    const { bubbles } = renderWithParcel(<ApplicationCreate />, {
      api,
      path: '/applications/create',
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Create Application' }),
    ).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Corner Shop ');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://shop.example');
    await user.click(create);

    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: 'applications',
      body: { name: 'Corner Shop', homeUrl: 'https://shop.example' },
    });
    // The location element is there from the start: wait for the navigation, not the element.
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/applications/app_1'),
    );
    expect(bubbles).toEqual([{ message: 'Application Corner Shop was added.', status: 'success' }]);
  });

  it('shows the server validation error inline and in a danger bubble', async () => {
    const user = userEvent.setup();
    const { api } = createFakeApplicationsApi([], {
      overrides: (request) =>
        request.method === 'POST'
          ? { status: 400, data: { message: 'homeUrl must be an http(s) URL' } }
          : undefined,
    });
    const { bubbles } = renderWithParcel(<ApplicationCreate />, {
      api,
      path: '/applications/create',
    });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Corner Shop');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'ftp://shop.example');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('homeUrl must be an http(s) URL');
    expect(bubbles).toEqual([{ message: 'homeUrl must be an http(s) URL', status: 'danger' }]);
    expect(screen.getByTestId('location')).toHaveTextContent('/applications/create');
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it("offers the site's own address when it differs from the typed one, and creates with it", async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeApplicationsApi([], {
      sites: {
        '127.0.0.1:4203/wp-admin/': {
          url: 'https://127.0.0.1:4203/wp-admin',
          siteUrl: 'http://127.0.0.1:4203',
          differs: true,
        },
      },
    });
    renderWithParcel(<ApplicationCreate />, { api, path: '/applications/create' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Garden');
    const url = screen.getByRole('textbox', { name: 'URL' });
    await user.type(url, '127.0.0.1:4203/wp-admin/');
    expect(
      await screen.findByText(
        'This site gives its own address as http://127.0.0.1:4203.',
        undefined,
        {
          timeout: 2000,
        },
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Use http://127.0.0.1:4203' }));
    expect(url).toHaveValue('http://127.0.0.1:4203');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({
        method: 'POST',
        body: { name: 'Garden', homeUrl: 'http://127.0.0.1:4203' },
      }),
    );
  });

  it('assumes https:// when no scheme is typed', async () => {
    const user = userEvent.setup();
    const { api, requests } = createFakeApplicationsApi([]);
    renderWithParcel(<ApplicationCreate />, { api, path: '/applications/create' });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Corner Shop');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'shop.example');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({
        method: 'POST',
        body: { name: 'Corner Shop', homeUrl: 'https://shop.example' },
      }),
    );
  });
});
