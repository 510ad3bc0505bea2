import { expect, type Locator, type Page } from '@playwright/test';

/** The shell's question at /login/{token} when the link is another account's than the one signed in. */
export class SwitchAccountPage {
  readonly root: Locator;
  readonly current: Locator;
  readonly next: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('switch-account');
    this.current = page.getByTestId('switch-account-current');
    this.next = page.getByTestId('switch-account-next');
  }

  /** Opens the sign-in link of `token`, as a link followed from elsewhere would. */
  async openLink(token: string): Promise<void> {
    await this.page.goto(`/login/${encodeURIComponent(token)}`);
  }

  /** Waits for the question, naming the account signed in now and the link's. */
  async expectAsked(
    current: { name: string; email: string },
    next: { name: string; email: string },
  ): Promise<void> {
    await expect(this.root.getByRole('heading', { level: 1 })).toHaveText('Switch accounts?');
    await expect(this.current).toContainText(current.name);
    await expect(this.current).toContainText(current.email);
    await expect(this.next).toContainText(next.name);
    await expect(this.next).toContainText(next.email);
  }

  /** Signs in as the link's account. */
  switchTo(email: string): Promise<void> {
    return this.root.getByRole('button', { name: `Sign in as ${email}` }).click();
  }

  /** Keeps the account signed in now. */
  stay(email: string): Promise<void> {
    return this.root.getByRole('button', { name: `Stay signed in as ${email}` }).click();
  }
}
