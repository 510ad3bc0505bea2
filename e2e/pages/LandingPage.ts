import type { Locator, Page } from '@playwright/test';

/** The signed-out marketing landing page. */
export class LandingPage {
  readonly signIn: Locator;
  readonly getStarted: Locator;
  readonly learnMore: Locator;

  constructor(readonly page: Page) {
    this.signIn = page.getByRole('link', { name: 'Sign In' }).first();
    this.getStarted = page.getByRole('link', { name: 'Get Started' }).first();
    this.learnMore = page.getByRole('link', { name: 'Learn More' }).first();
  }

  async open(): Promise<void> {
    await this.page.goto('/');
  }

  feature(title: string): Locator {
    return this.page.getByRole('heading', { name: title });
  }
}
