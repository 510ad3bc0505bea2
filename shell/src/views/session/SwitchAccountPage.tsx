import type { AuthTokenClaims } from '@pos/shared/lean';
import { Button } from '@pos/shared/ui/Button';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { testIds } from '../../testIds';
import './SwitchAccountPage.css';

/** The profile's fallbacks (spec 2.10) for a token without a name or an email. */
const NO_NAME = 'Name not specified';
const NO_EMAIL = 'Email not specified';

/** The page's texts. */
export const SWITCH_ACCOUNT_TEXTS = {
  title: 'Switch accounts?',
  intro:
    'This sign-in link is for another Cloud POS account than the one signed in on this browser.',
  current: 'Signed in now',
  next: 'This link signs in',
  warning:
    'Switch only if you asked for this link yourself: a link someone else sent you would sign this browser in to their account, and what you do next would happen there.',
} as const;

/** Whom a token names, with the profile's fallbacks. */
export function accountOf(claims: AuthTokenClaims): { name: string; email: string } {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
  return { name: text(claims.name) ?? NO_NAME, email: text(claims.email) ?? NO_EMAIL };
}

/** Props of {@link SwitchAccountPage}. */
export interface SwitchAccountPageProps {
  /** The claims of the token signed in on this browser. */
  current: AuthTokenClaims;
  /** The claims of the link's token. */
  next: AuthTokenClaims;
  onSwitch: () => void;
  onStay: () => void;
}

function Account({
  label,
  claims,
  testId,
}: {
  label: string;
  claims: AuthTokenClaims;
  testId: string;
}) {
  const { name, email } = accountOf(claims);
  return (
    <div className="shell-switch-account__account" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <span className="shell-switch-account__name">{name}</span>
        <span className="shell-switch-account__email">{email}</span>
      </dd>
    </div>
  );
}

/**
 * /login/{token} while another account is signed in (issue 25, login CSRF): whose accounts they
 * are, and nothing changes until the person chooses.
 */
export function SwitchAccountPage({ current, next, onSwitch, onStay }: SwitchAccountPageProps) {
  useDocumentTitle(SWITCH_ACCOUNT_TEXTS.title);
  const nextAccount = accountOf(next);
  const currentAccount = accountOf(current);
  return (
    <main className="shell-switch-account" data-testid={testIds.switchAccount.root}>
      <section className="shell-switch-account__panel" aria-labelledby="shell-switch-account-title">
        <h1 id="shell-switch-account-title" className="shell-switch-account__title">
          {SWITCH_ACCOUNT_TEXTS.title}
        </h1>
        <p>{SWITCH_ACCOUNT_TEXTS.intro}</p>
        <dl className="shell-switch-account__accounts">
          <Account
            label={SWITCH_ACCOUNT_TEXTS.current}
            claims={current}
            testId={testIds.switchAccount.current}
          />
          <Account
            label={SWITCH_ACCOUNT_TEXTS.next}
            claims={next}
            testId={testIds.switchAccount.next}
          />
        </dl>
        <p className="shell-switch-account__warning">{SWITCH_ACCOUNT_TEXTS.warning}</p>
        <div className="shell-switch-account__actions">
          <Button data-testid={testIds.switchAccount.switch} onClick={onSwitch}>
            Sign in as {nextAccount.email === NO_EMAIL ? nextAccount.name : nextAccount.email}
          </Button>
          <Button variant="secondary" data-testid={testIds.switchAccount.stay} onClick={onStay}>
            Stay signed in as{' '}
            {currentAccount.email === NO_EMAIL ? currentAccount.name : currentAccount.email}
          </Button>
        </div>
      </section>
    </main>
  );
}
