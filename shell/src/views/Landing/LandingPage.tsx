import { Icon, type IconName } from '@pos/shared/lean';
import { useShell } from '../../app/ShellContext';
import { BrandLogo } from '../../components/Brand';
import { Footer } from '../../components/Footer';
import { BROWSERS, PLATFORMS, PlatformIcon } from '../../components/icons';
import { SsoFrame } from '../../components/SsoFrame';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { testIds } from '../../testIds';
import { needAccessUrl, needRegisterUrl } from '../../urls';
import { HeroPreview } from './HeroPreview';
import './LandingPage.css';

interface Feature {
  title: string;
  text: string;
  icon: IconName;
}

/** The feature blurbs of spec 1, in its words. */
const FEATURES: readonly Feature[] = [
  {
    title: 'Advanced Features',
    icon: 'sparkles',
    text: 'Quick-launch stations, shared staff access, order analytics and an AI-powered assistant that walks you through every setup step.',
  },
  {
    title: 'Sell Anywhere',
    icon: 'globe',
    text: 'Open a POS station in any browser on any device, with unlimited stations and cashiers as your business grows.',
  },
  {
    title: 'Sync Instantly',
    icon: 'refresh',
    text: 'Products, orders and customers stay in step with your WooCommerce store the moment they change.',
  },
];

/** The marketing page signed-out visitors see (spec 1). */
export function LandingPage() {
  const { config, browser } = useShell();
  useDocumentTitle('Point of sale for WooCommerce');
  const signInUrl = needAccessUrl(config.loginProviderUrl, browser.origin);
  const registerUrl = needRegisterUrl(config.loginProviderUrl, browser.origin);

  return (
    <div className="landing" data-testid={testIds.landing.root}>
      <header className="landing-header">
        <BrandLogo tone="light" />
        <nav className="landing-header__actions" aria-label="Account">
          <a className="landing-link-button" href={signInUrl} data-testid={testIds.landing.signIn}>
            Sign In
          </a>
          <a
            className="pos-button pos-button--primary pos-button--md landing-header__register"
            href={registerUrl}
          >
            Get Started
          </a>
        </nav>
      </header>

      <main>
        <section className="landing-hero" aria-labelledby="landing-hero-title">
          <div className="landing-hero__copy">
            <p className="landing-hero__eyebrow">Point of sale for WooCommerce</p>
            <h1 id="landing-hero-title" className="landing-hero__title">
              Run every register from one cloud dashboard
            </h1>
            <p className="landing-hero__lead">
              Connect your WooCommerce stores, open POS stations in any browser, and manage staff,
              plans and sales in one place.
            </p>
            <div className="landing-hero__actions">
              <a
                className="pos-button pos-button--primary pos-button--lg"
                href={registerUrl}
                data-testid={testIds.landing.getStarted}
              >
                Get Started
              </a>
              <a className="landing-outline-button" href={signInUrl}>
                Sign In
              </a>
              <a
                className="landing-hero__more"
                href={config.links.learnMore}
                data-testid={testIds.landing.learnMore}
              >
                Learn More
                <Icon name="arrow-right" size={18} />
              </a>
            </div>
          </div>
          <HeroPreview />
        </section>

        <section
          className="landing-section landing-features"
          aria-labelledby="landing-features-title"
          data-testid={testIds.landing.features}
        >
          <h2 id="landing-features-title" className="landing-section__title">
            Everything your counter needs
          </h2>
          <ul className="landing-features__grid">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="landing-feature">
                <span className="landing-feature__icon" aria-hidden="true">
                  <Icon name={feature.icon} size={24} />
                </span>
                <h3 className="landing-feature__title">{feature.title}</h3>
                <p className="landing-feature__text">{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          className="landing-section landing-compat"
          aria-labelledby="landing-compat-title"
          data-testid={testIds.landing.compatibility}
        >
          <h2 id="landing-compat-title" className="landing-section__title">
            Works wherever you sell
          </h2>
          <div className="landing-compat__groups">
            <div className="landing-compat__group">
              <h3 className="landing-compat__label">Browsers</h3>
              <ul className="landing-compat__list">
                {BROWSERS.map((name) => (
                  <li key={name}>
                    <PlatformIcon name={name} size={44} />
                    <span aria-hidden="true">{name}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div className="landing-compat__group">
              <h3 className="landing-compat__label">Apps</h3>
              <ul className="landing-compat__list">
                {PLATFORMS.map((name) => (
                  <li key={name}>
                    <PlatformIcon name={name} size={44} />
                    <span aria-hidden="true">{name}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>

        <section className="landing-cta" aria-labelledby="landing-cta-title">
          <span className="landing-cta__icon" aria-hidden="true">
            <Icon name="check" size={22} />
          </span>
          <h2 id="landing-cta-title" className="landing-cta__title">
            Start Processing Orders Today
          </h2>
          <p className="landing-cta__text">
            Connect your first store and open a station in minutes, no credit card needed.
          </p>
          <a className="pos-button pos-button--primary pos-button--lg" href={registerUrl}>
            Get Started
          </a>
        </section>
      </main>

      <Footer className="landing-footer" />
      <SsoFrame />
    </div>
  );
}
