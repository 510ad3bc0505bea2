import { Button, httpUrlOrNull, type PlanState } from '@pos/shared';
import { useState } from 'react';
import { Link, useLocation } from '@pos/shared/router';
import { useAccount } from '../../account/AccountContext';
import { useApi } from '../../account/ApiContext';
import { resendActivationEmail } from '../../account/accountApi';
import { confirmDaysLeft, confirmDeadlineText } from '../../account/emailConfirmation';
import { useShell } from '../../app/ShellContext';
import { testIds } from '../../testIds';
import { isSubscriptionPlansPath, mailtoUrl, paths } from '../../urls';
import { Banner } from './Banner';

type PlanUsage = NonNullable<PlanState['usage']>;

/** The bubble after a resent activation email. */
export const ACTIVATION_EMAIL_SENT = 'Activation email sent';

/**
 * The unconfirmed-email banner (spec 4): the email is to be confirmed within 14 days of
 * registering, and how many are left; Resend email sends the link again.
 */
function ConfirmEmailBanner({
  email,
  registeredAt,
}: {
  email: string | null;
  registeredAt: string;
}) {
  // The bus is reached for on a click only: the first paint renders this banner on the server,
  // where the shell has no bus.
  const shell = useShell();
  const api = useApi();
  const [sending, setSending] = useState(false);
  const resend = () => {
    setSending(true);
    resendActivationEmail(api)
      .then(
        () => shell.bus.emit('notify', { status: 'info', message: ACTIVATION_EMAIL_SENT }),
        // Spec 7: resend failures are swallowed silently.
        () => undefined,
      )
      .finally(() => setSending(false));
  };
  return (
    <Banner
      tone="info"
      title="Please confirm your email address"
      data-testid={testIds.banners.confirmEmail}
      actions={
        <Button
          variant="secondary"
          size="sm"
          loading={sending}
          onClick={resend}
          data-testid={testIds.banners.resendEmail}
        >
          Resend email
        </Button>
      }
    >
      <p>
        We sent a confirmation link to {email ?? 'your email address'}.{' '}
        <span data-testid={testIds.banners.confirmDeadline}>
          {confirmDeadlineText(confirmDaysLeft(registeredAt))}
        </span>
      </p>
    </Banner>
  );
}

const formatCount = (value: number) => value.toLocaleString('en-US');

/** The plan banner titles of spec 4. */
export const PLAN_LIMIT_TITLES = {
  total: 'Trial Ended',
  month: 'POINT OF SALE SERVICE PAUSED',
} as const;

/**
 * 'Trial Ended' (a free plan's total orders) or 'POINT OF SALE SERVICE PAUSED' (a paid plan's
 * orders this month) once the plan's order limit is reached: why, that the stations are paused,
 * and the way out. On /subscription-plans the reason stays but the link to it goes.
 */
function PlanLimitBanner({ usage, onPlansPage }: { usage: PlanUsage; onPlansPage: boolean }) {
  const trial = usage.period === 'total';
  // Counts read like every other count of the dashboard ('1,004 of 1,000'); a plan without a
  // limit has no 'of N' to give.
  const counted =
    usage.limit === null
      ? `${formatCount(usage.orders)} orders`
      : `${formatCount(usage.orders)} of ${formatCount(usage.limit)} orders`;
  return (
    <Banner
      tone="danger"
      title={PLAN_LIMIT_TITLES[usage.period]}
      data-testid={testIds.banners.planLimit}
    >
      <p>
        {trial
          ? `Your free trial has reached its limit: ${counted}.`
          : `Your plan has reached its monthly limit: ${counted} this month.`}{' '}
        The stations of your applications are paused
        {trial ? '' : ' until next month'}.{' '}
        {onPlansPage ? (
          'Choose a bigger plan below to open them again at once.'
        ) : (
          <>
            <Link to={paths.subscriptionPlans} data-testid={testIds.banners.choosePlan}>
              Choose a bigger plan
            </Link>{' '}
            to open them again at once.
          </>
        )}
      </p>
    </Banner>
  );
}

/**
 * The account banners of spec 4 that the data allows: the plan limit banner ('Trial Ended' or
 * 'POINT OF SALE SERVICE PAUSED', manager plans only, see PlanLimitBanner), 'Service is Paused' for a banned account
 * (not on /subscription-plans), 'Account Payment Overdue' for a manager plan with past-due
 * invoices (the links to pay each, and the print-service-paused warning when also banned), and the unconfirmed-email banner with its resend action.
 */
export function AccountBanners() {
  const { account, viewer } = useAccount();
  const { config } = useShell();
  const { pathname } = useLocation();
  const plan = account.planState?.plan ?? null;
  const overdue = plan?.isManagerPlan ? (plan.pastDueInvoices ?? []) : [];
  const usage = account.planState?.usage ?? null;
  const limitReached = plan?.isManagerPlan === true && usage?.reached === true;

  return (
    <div className="shell-banners">
      {viewer.isBanned && !isSubscriptionPlansPath(pathname) && (
        <Banner tone="danger" title="Service is Paused" data-testid={testIds.banners.servicePaused}>
          <p>
            Applications, stations and the admin panel are unavailable while the account is paused.{' '}
            {config.supportEmail && pathname !== paths.deactivated && (
              <>
                Contact <a href={mailtoUrl(config.supportEmail)}>{config.supportEmail}</a> to
                restore access.
              </>
            )}
          </p>
        </Banner>
      )}
      {limitReached && usage && (
        <PlanLimitBanner usage={usage} onPlansPage={isSubscriptionPlansPath(pathname)} />
      )}
      {overdue.length > 0 && (
        <Banner
          tone="warning"
          title="Account Payment Overdue"
          data-testid={testIds.banners.paymentOverdue}
        >
          {viewer.isBanned ? (
            <p data-testid={testIds.banners.printServicePaused}>
              <strong>Print service is paused.</strong> Printing and POS service stay paused until
              the overdue invoices are paid.
            </p>
          ) : (
            <p>Pay the overdue invoices to keep your stations running without interruption.</p>
          )}
          <ul>
            {overdue.map((invoice) => {
              // The links come from the payment provider through the api: only web pages may
              // become hrefs (never javascript: or data:).
              const pay = httpUrlOrNull(invoice.hosted_invoice_url);
              const pdf = httpUrlOrNull(invoice.invoice_pdf);
              return (
                <li key={invoice.number}>
                  {pay ? (
                    <a
                      href={pay}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid={testIds.banners.overdueInvoice}
                    >
                      Pay invoice {invoice.number}
                      <span className="pos-visually-hidden"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <span>Invoice {invoice.number}</span>
                  )}
                  {pdf && (
                    <>
                      {' · '}
                      <a href={pdf} target="_blank" rel="noopener noreferrer">
                        PDF<span className="pos-visually-hidden"> of invoice {invoice.number}</span>
                      </a>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </Banner>
      )}
      {account.user?.isVerified === false && (
        <ConfirmEmailBanner email={viewer.email} registeredAt={account.user.registeredAt} />
      )}
    </div>
  );
}
