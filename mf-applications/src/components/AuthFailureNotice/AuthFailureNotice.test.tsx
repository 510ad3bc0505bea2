import { render, screen } from '@testing-library/react';
import { sampleAuthFailure } from '../../fixtures';
import { applicationsTestIds } from '../../testIds';
import { AuthFailureNotice } from './AuthFailureNotice';

describe('AuthFailureNotice', () => {
  it('says what failed, when, and what to do next', () => {
    render(
      <AuthFailureNotice
        failure={sampleAuthFailure({
          reason: 'not-woocommerce',
          message: 'The site at shop.example does not run WooCommerce.',
          nextStep: 'Install and activate WooCommerce on the site, then authorize again.',
          at: '2025-04-10T09:30:00.000Z',
        })}
      />,
    );
    const notice = screen.getByRole('region', { name: /^The last authorization failed on / });
    expect(notice).toHaveTextContent('The site at shop.example does not run WooCommerce.');
    expect(notice).toHaveTextContent(
      'What to do next: Install and activate WooCommerce on the site, then authorize again.',
    );
    // In the viewer's time zone, as the spec writes times.
    expect(notice.querySelector('time')).toHaveAttribute('datetime', '2025-04-10T09:30:00.000Z');
    expect(notice.querySelector('time')).toHaveTextContent(/^on 2025\/04\/1[01] \d\d:\d\d$/);
    expect(screen.getByTestId(applicationsTestIds.auth.lastFailure)).toHaveAttribute(
      'data-reason',
      'not-woocommerce',
    );
  });

  it('leaves the time out rather than showing an invalid one', () => {
    render(<AuthFailureNotice failure={sampleAuthFailure({ at: 'not a date' })} />);
    const notice = screen.getByRole('region', { name: 'The last authorization failed' });
    expect(notice.querySelector('time')).toBeNull();
  });
});
