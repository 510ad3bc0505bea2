import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-final-form';
import type { SiteCheck } from '../../types';
import { ApplicationFields, type ApplicationFieldsProps } from './ApplicationFields';

const testIds = { name: 'app-name', url: 'app-url', siteCheck: 'app-site-check' };

function renderFields(
  props: Partial<ApplicationFieldsProps> = {},
  initial = { name: 'Shop', homeUrl: 'https://typed.example' },
) {
  render(
    <Form<{ name: string; homeUrl: string }>
      initialValues={initial}
      onSubmit={() => undefined}
      render={() => (
        <form>
          <ApplicationFields testIds={testIds} {...props} />
        </form>
      )}
    />,
  );
}

describe('ApplicationFields', () => {
  it('gives Name and an editable URL with its hint, and checks the typed site', async () => {
    const user = userEvent.setup();
    const answer: SiteCheck = {
      url: 'https://shop.example',
      siteUrl: 'https://www.shop.example',
      differs: true,
      isWooCommerce: true,
      name: 'Shop',
    };
    const checkSite = jest.fn(() => Promise.resolve(answer));
    renderFields({ checkSite }, { name: '', homeUrl: '' });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('maxLength', '100');
    const url = screen.getByRole('textbox', { name: 'URL' });
    expect(url).toBeEnabled();
    expect(url).toHaveAttribute('placeholder', 'https://your-store.example');
    expect(url).toHaveAccessibleDescription(
      'The address of the WordPress site where WooCommerce runs.',
    );
    await user.type(url, 'https://shop.example');
    expect(
      await screen.findByRole(
        'button',
        { name: 'Use https://www.shop.example' },
        { timeout: 2000 },
      ),
    ).toBeInTheDocument();
    expect(checkSite).toHaveBeenCalledTimes(1);
  });

  it('shows a locked URL as the stored one, says why, and checks nothing', () => {
    const checkSite = jest.fn();
    renderFields({ lockedUrl: 'https://stored.example', checkSite });
    const url = screen.getByRole('textbox', { name: 'URL' });
    expect(url).toBeDisabled();
    expect(url).toHaveValue('https://stored.example');
    expect(url).toHaveAccessibleDescription(
      'The URL of an authorized application cannot be changed. Disconnect it first.',
    );
    expect(screen.getByTestId(testIds.name)).toBeInTheDocument();
    expect(screen.queryByTestId(testIds.siteCheck)).not.toBeInTheDocument();
    expect(checkSite).not.toHaveBeenCalled();
  });
});
