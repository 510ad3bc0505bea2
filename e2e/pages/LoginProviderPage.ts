import { expect, type Page } from '@playwright/test';
import { stack } from '../support/stack';

/** The sandbox login provider's sign-in and register pages. */
export class LoginProviderPage {
  constructor(private readonly page: Page) {}

  /** Opens the provider's need-access page for the dashboard, as the Sign In link does. */
  async open(query = ''): Promise<void> {
    await this.page.goto(
      `${stack.login}/need-access/${encodeURIComponent(stack.shell)}?product=pos${query}`,
    );
  }

  async signIn(email: string, password: string): Promise<void> {
    await expect(this.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** On a need-access page of a browser signed in to the provider: goes on as `name`. */
  async continueAs(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Continue as ${name}` }).click();
  }

  /** Registers a new account on the provider's need-register page. */
  async register(fullName: string, email: string, password: string): Promise<void> {
    await this.page.goto(
      `${stack.login}/need-register?product=pos&origin=${encodeURIComponent(stack.shell)}`,
    );
    await this.fillRegistration(fullName, email, password);
  }

  /** Fills and sends the need-register page the browser is on (e.g. a popup sent it there). */
  async fillRegistration(fullName: string, email: string, password: string): Promise<void> {
    await this.page.getByLabel('Full name').fill(fullName);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: /create account|register|sign up/i }).click();
  }
}
