import { screen, within } from '@testing-library/react';
import { renderLean, testConfig, TEST_ORIGIN, TEST_PROVIDER } from '../../testing/shellHarness';
import { testIds } from '../../testIds';
import { LandingPage } from './LandingPage';

const origin = encodeURIComponent(TEST_ORIGIN);

describe('LandingPage', () => {
  beforeEach(() => renderLean(<LandingPage />));

  it('sends Sign In to the provider need-access page for this origin', () => {
    for (const link of screen.getAllByRole('link', { name: 'Sign In' })) {
      expect(link).toHaveAttribute('href', `${TEST_PROVIDER}/need-access/${origin}?product=pos`);
    }
    expect(screen.getByTestId(testIds.landing.signIn)).toHaveTextContent('Sign In');
  });

  it('sends Get Started to the provider registration, coming back here', () => {
    const links = screen.getAllByRole('link', { name: 'Get Started' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toHaveAttribute(
        'href',
        `${TEST_PROVIDER}/need-register?product=pos&origin=${origin}`,
      );
    }
  });

  it('links Learn More, Privacy and Terms from the runtime config', () => {
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute(
      'href',
      testConfig.links.learnMore,
    );
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute(
      'href',
      testConfig.links.privacy,
    );
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute(
      'href',
      testConfig.links.terms,
    );
  });

  it('shows the four feature blurbs of the spec with their promises', () => {
    for (const title of [
      'Advanced Features',
      'Sell Anywhere',
      'Sync Instantly',
      'Start Processing Orders Today',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/unlimited stations and cashiers/)).toBeInTheDocument();
    expect(screen.getByText(/no credit card needed/)).toBeInTheDocument();
  });

  it('names every browser and app platform icon once', () => {
    const compatibility = screen.getByTestId(testIds.landing.compatibility);
    for (const name of [
      'Chrome',
      'Firefox',
      'Safari',
      'Edge',
      'Windows',
      'macOS',
      'iOS',
      'Android',
    ]) {
      expect(within(compatibility).getByRole('img', { name })).toBeInTheDocument();
      expect(screen.getAllByRole('img', { name })).toHaveLength(1);
    }
  });

  it('has one h1, a main landmark and the footer support block', () => {
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByTestId(testIds.footer.support)).toHaveTextContent('Supported browsers');
  });

  it('mounts the hidden single sign-on frame', () => {
    expect(screen.getByTitle('Single sign-on')).toBeInTheDocument();
  });
});
