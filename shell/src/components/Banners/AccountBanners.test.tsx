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

const DAY_MS = 86_400_000;
const unverified = makeAccount({
  user: {
    fullName: 'Maya Manager',
    email: 'manager@demo.test',
    isVerified: false,
    // Five days ago: nine of the 14 days to confirm are left.
    registeredAt: new Date(Date.now() - 5 * DAY_MS).toISOString(),
  },
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
        planState: {
          plan: plan({ pastDueInvoices: [invoice] }),
          isHavePaymentMethod: true,
          usage: null,
        },
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
      planState: {
        plan: plan({ pastDueInvoices: [invoice] }),
        isHavePaymentMethod: true,
        usage: null,
      },
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
        planState: {
          plan: plan({ pastDueInvoices: [invoice] }),
          isHavePaymentMethod: true,
          usage: null,
        },
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
          usage: null,
        },
      }),
    });
    expect(screen.queryByTestId(testIds.banners.paymentOverdue)).not.toBeInTheDocument();
  });

  const trial = plan({ id: 'plan_trial', name: 'Trial', isFree: true, upTo: 50, included: 50 });
  const atLimit = (p: Plan, period: 'total' | 'month', orders: number) =>
    makeAccount({
      planState: {
        plan: p,
        isHavePaymentMethod: false,
        usage: {
          orders,
          limit: p.upTo,
          period,
          reached: orders >= (p.upTo ?? Infinity),
          included: p.included,
          excess: 0,
          excessAmount: 0,
        },
      },
    });

  it('shows Trial Ended when a free trial reaches its limit, with the way to a bigger plan', async () => {
    renderSignedIn(<AccountBanners />, { account: atLimit(trial, 'total', 50), path: '/' });
    const banner = screen.getByTestId(testIds.banners.planLimit);
    expect(banner).toHaveTextContent('Trial Ended');
    expect(banner).toHaveTextContent('Your free trial has reached its limit: 50 of 50 orders.');
    expect(banner).toHaveTextContent('The stations of your applications are paused.');
    expect(screen.getByTestId(testIds.banners.choosePlan)).toHaveAttribute(
      'href',
      '/subscription-plans',
    );
  });

  it('shows POINT OF SALE SERVICE PAUSED when a paid plan reaches its monthly limit', () => {
    const basics = plan({ id: 'plan_basics', name: 'Basics', upTo: 1000, included: 100 });
    renderSignedIn(<AccountBanners />, { account: atLimit(basics, 'month', 1004) });
    const banner = screen.getByTestId(testIds.banners.planLimit);
    expect(banner).toHaveTextContent('POINT OF SALE SERVICE PAUSED');
    expect(banner).toHaveTextContent(
      'Your plan has reached its monthly limit: 1,004 of 1,000 orders this month.',
    );
    expect(banner).toHaveTextContent('paused until next month');
  });

  it('gives no "of N" when the plan has no limit to name', () => {
    const basics = plan({ id: 'plan_basics', name: 'Basics', upTo: 1000, included: 100 });
    renderSignedIn(<AccountBanners />, {
      account: makeAccount({
        planState: {
          plan: basics,
          isHavePaymentMethod: false,
          usage: {
            orders: 1200,
            limit: null,
            period: 'month',
            reached: true,
            included: 100,
            excess: 1100,
            excessAmount: 55,
          },
        },
      }),
    });
    expect(screen.getByTestId(testIds.banners.planLimit)).toHaveTextContent(
      'Your plan has reached its monthly limit: 1,200 orders this month.',
    );
  });

  it('keeps the reason on the plans page, without a link to the page itself', () => {
    renderSignedIn(<AccountBanners />, {
      account: atLimit(trial, 'total', 50),
      path: '/subscription-plans',
    });
    expect(screen.getByTestId(testIds.banners.planLimit)).toHaveTextContent(
      'Choose a bigger plan below',
    );
    expect(screen.queryByTestId(testIds.banners.choosePlan)).not.toBeInTheDocument();
  });

  it('shows no limit banner below the limit, or on a plan that is not a manager plan', () => {
    const first = renderSignedIn(<AccountBanners />, { account: atLimit(trial, 'total', 49) });
    expect(screen.queryByTestId(testIds.banners.planLimit)).not.toBeInTheDocument();
    first.unmount();
    const cashier = plan({ id: 'plan_x', isManagerPlan: false, isFree: true, upTo: 10 });
    renderSignedIn(<AccountBanners />, { account: atLimit(cashier, 'total', 10) });
    expect(screen.queryByTestId(testIds.banners.planLimit)).not.toBeInTheDocument();
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
    expect(screen.getByTestId(testIds.banners.confirmDeadline)).toHaveTextContent(
      'Please confirm it within 14 days of registering: 9 days left.',
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
