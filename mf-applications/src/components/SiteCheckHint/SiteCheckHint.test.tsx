import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-final-form';
import { UrlField } from '@pos/shared/forms';
import type { SiteCheck } from '../../types';
import { SiteCheckHint } from './SiteCheckHint';

const site = (overrides: Partial<SiteCheck>): SiteCheck => ({
  url: 'https://shop.example',
  siteUrl: 'https://shop.example',
  differs: false,
  isWooCommerce: true,
  name: 'Shop',
  ...overrides,
});

function renderHint(
  answer: (url: string) => SiteCheck,
  { initial = '', unchangedFrom }: { initial?: string; unchangedFrom?: string } = {},
) {
  const check = jest.fn((url: string) => Promise.resolve(answer(url)));
  render(
    <Form<{ homeUrl: string }>
      initialValues={{ homeUrl: initial }}
      onSubmit={() => undefined}
      render={() => (
        <form>
          <UrlField name="homeUrl" label="URL" />
          <SiteCheckHint name="homeUrl" check={check} unchangedFrom={unchangedFrom} />
        </form>
      )}
    />,
  );
  return { check, url: screen.getByRole('textbox', { name: 'URL' }) };
}

describe('SiteCheckHint', () => {
  it("offers the site's own address when it differs, and puts it in the field", async () => {
    const user = userEvent.setup();
    const { check, url } = renderHint((typed) =>
      site({ url: `https://${typed}`, siteUrl: 'http://127.0.0.1:4201', differs: true }),
    );
    await user.type(url, 'localhost:4201');
    const use = await screen.findByRole(
      'button',
      { name: 'Use http://127.0.0.1:4201' },
      {
        timeout: 2000,
      },
    );
    expect(
      screen.getByText('This site gives its own address as http://127.0.0.1:4201.'),
    ).toBeVisible();
    // Asked once, for what was typed when typing paused, not once per key.
    expect(check).toHaveBeenCalledTimes(1);
    expect(check.mock.calls[0]![0]).toBe('localhost:4201');

    await user.click(use);
    expect(url).toHaveValue('http://127.0.0.1:4201');
  });

  it('says nothing for a site that gives the typed address', async () => {
    const user = userEvent.setup();
    const { check, url } = renderHint(() => site({}));
    await user.type(url, 'https://shop.example');
    await waitFor(() => expect(check).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/WooCommerce/)).not.toBeInTheDocument();
  });

  it('tells when the site answers but runs no WooCommerce', async () => {
    const user = userEvent.setup();
    const { url } = renderHint(() => site({ isWooCommerce: false }));
    await user.type(url, 'https://shop.example');
    expect(
      await screen.findByText(
        'No WooCommerce store was found at https://shop.example. Check the address of the site.',
        undefined,
        { timeout: 2000 },
      ),
    ).toBeVisible();
  });

  it('asks nothing while the field holds the stored URL, and drops an offer for an old value', async () => {
    const user = userEvent.setup();
    const { check, url } = renderHint(
      () => site({ siteUrl: 'http://127.0.0.1:4201', differs: true }),
      { initial: 'http://127.0.0.1:4201', unchangedFrom: 'http://127.0.0.1:4201' },
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(check).not.toHaveBeenCalled();

    await user.type(url, '/shop');
    expect(
      await screen.findByRole('button', { name: 'Use http://127.0.0.1:4201' }, { timeout: 2000 }),
    ).toBeVisible();
    await user.type(url, 'x');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers nothing when the check fails', async () => {
    const user = userEvent.setup();
    const check = jest.fn(() => Promise.reject(new Error('400')));
    render(
      <Form<{ homeUrl: string }>
        initialValues={{ homeUrl: '' }}
        onSubmit={() => undefined}
        render={() => (
          <form>
            <UrlField name="homeUrl" label="URL" />
            <SiteCheckHint name="homeUrl" check={check} />
          </form>
        )}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'ftp://nope');
    await waitFor(() => expect(check).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
