import type { Plan } from '@pos/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeApi,
  makeAccount,
  makeViewer,
  renderSignedIn,
  testServices,
} from '../../testing/shellHarness';
import { testIds } from '../../testIds';
import { AccountBanners } from './AccountBanners';

const plan = (overrides: Partial<Plan> = {}): Plan => ({
  id: 'plan_plus',
  name: 'Plus',
  accessType: 'public',
  roleType: 'manager',
  isFree: false,
  isManagerPlan: true,
  perMonth: 49,
  upTo: 5000,
  included: 500,
  perExcess: 0.05,
  cancelDate: null,
  pastDueInvoices: [],
  ...overrides,
});

const unverified = makeAccount({
  user: { fullName: 'Maya Manager', email: 'manager@demo.test', isVerified: false },
});

describe('AccountBanners', () => {
  it('shows Service is Paused to a banned account, except on the plans page', () => {
    const banned = makeViewer({ isBanned: true });
    const first = renderSignedIn(<AccountBanners />, { viewer: banned, path: '/stations' });
    expect(screen.getByTestId(testIds.banners.servicePaused)).toHaveTextContent(
      'Service is Paused',
    );
    first.unmount();

    renderSignedIn(<AccountBanners />, { viewer: banned, path: '/subscription-plans' });
    expect(screen.queryByTestId(testIds.banners.servicePaused)).not.toBeInTheDocument();
  });

  it('shows Account Payment Overdue with links to pay each invoice on a manager plan', () => {
    const invoice = {
      number: 'INV-7',
      invoice_pdf: 'https://pay.test/7.pdf',
      hosted_invoice_url: 'https://pay.test/7',
    };
    renderSignedIn(<AccountBanners />, {
      account: makeAccount({
        planState: { plan: plan({ pastDueInvoices: [invoice] }), isHavePaymentMethod: true },
      }),
    });
    expect(screen.getByTestId(testIds.banners.paymentOverdue)).toHaveTextContent(
      'Account Payment Overdue',
    );
    expect(screen.getByRole('link', { name: /Pay invoice INV-7/ })).toHaveAttribute(
      'href',
      'https://pay.test/7',
    );
  });

  it('warns a banned account with overdue invoices that print service is paused', () => {
    const invoice = {
      number: 'INV-9',
      invoice_pdf: 'https://pay.test/9.pdf',
      hosted_invoice_url: 'https://pay.test/9',
    };
    const account = makeAccount({
      planState: { plan: plan({ pastDueInvoices: [invoice] }), isHavePaymentMethod: true },
    });
    const banned = renderSignedIn(<AccountBanners />, {
      account,
      viewer: makeViewer({ isBanned: true }),
    });
    expect(screen.getByTestId(testIds.banners.printServicePaused)).toHaveTextContent(
      'Print service is paused.',
    );
    expect(screen.getByRole('link', { name: 'PDF of invoice INV-9' })).toHaveAttribute(
      'href',
      'https://pay.test/9.pdf',
    );
    banned.unmount();

    renderSignedIn(<AccountBanners />, { account });
    expect(screen.getByTestId(testIds.banners.paymentOverdue)).toBeInTheDocument();
    expect(screen.queryByTestId(testIds.banners.printServicePaused)).not.toBeInTheDocument();
  });

  it('never turns an invoice address that is not a web page into a link', () => {
    const invoice = {
      number: 'INV-10',
      invoice_pdf: 'data:text/html,boo',
      hosted_invoice_url: 'javascript:alert(1)',
    };
    renderSignedIn(<AccountBanners />, {
      account: makeAccount({
        planState: { plan: plan({ pastDueInvoices: [invoice] }), isHavePaymentMethod: true },
      }),
    });
    expect(screen.getByTestId(testIds.banners.paymentOverdue)).toHaveTextContent('Invoice INV-10');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows no overdue banner on a plan that is not a manager plan', () => {
    const invoice = { number: 'INV-8', invoice_pdf: '', hosted_invoice_url: 'https://pay.test/8' };
    renderSignedIn(<AccountBanners />, {
      account: makeAccount({
        planState: {
          plan: plan({ isManagerPlan: false, pastDueInvoices: [invoice] }),
          isHavePaymentMethod: true,
        },
      }),
    });
    expect(screen.queryByTestId(testIds.banners.paymentOverdue)).not.toBeInTheDocument();
  });

  it('asks an unverified user to confirm the email, and Resend email says it was sent', async () => {
    const services = testServices();
    const api = fakeApi();
    const bubbles: string[] = [];
    services.bus.on('notify', ({ status, message }) => bubbles.push(`${status}: ${message}`));
    renderSignedIn(<AccountBanners />, { account: unverified, services, api });
    expect(screen.getByTestId(testIds.banners.confirmEmail)).toHaveTextContent(
      'Please confirm your email address',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(api.post).toHaveBeenCalledWith('/resend-activation-email');
    await waitFor(() => expect(bubbles).toEqual(['info: Activation email sent']));
  });

  it('swallows a failed resend silently', async () => {
    const services = testServices();
    const api = fakeApi();
    api.post.mockRejectedValueOnce(new Error('smtp down'));
    const bubbles: string[] = [];
    services.bus.on('notify', ({ message }) => bubbles.push(message));
    renderSignedIn(<AccountBanners />, { account: unverified, services, api });
    await userEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resend email' })).toBeEnabled());
    expect(bubbles).toEqual([]);
  });

  it('shows nothing for a verified, active account in good standing', () => {
    const { container } = renderSignedIn(<AccountBanners />);
    expect(container.querySelector('.shell-banner')).toBeNull();
  });
});
