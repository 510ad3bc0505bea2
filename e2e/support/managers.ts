import { expect, type Page } from '@playwright/test';
import { ApplicationsPage } from '../pages/ApplicationsPage';
import { ShellPage } from '../pages/ShellPage';
import { provideAccount } from './provider';
import { issueStoreKeys, stores } from './store';

/**
 * A manager of their own, signed in, with the store at `storeUrl` connected by keys as the
 * application '{name} {what the store sells}' (the api registers its webhooks on the store
 * afresh): the application's id. The store's seeded stations come with it, none default.
 */
export async function managerWithStore(
  page: Page,
  name: string,
  storeUrl: string = stores.coffee.url,
): Promise<string> {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@demo.test`;
  await provideAccount(email, { name, password: 'a-strong-password' });
  await new ShellPage(page).signInAsNewUser(email, 'a-strong-password');
  const apps = new ApplicationsPage(page);
  const id = await apps.create(applicationName(name, storeUrl), storeUrl);
  const keys = await issueStoreKeys(storeUrl);
  await apps.connectWithKeys(keys.consumer_key, keys.consumer_secret);
  await expect(apps.status).toHaveText('Authorized');
  return id;
}

/** The name managerWithStore gives the application of `name` on the store at `storeUrl`. */
export function applicationName(name: string, storeUrl: string): string {
  return `${name} ${storeUrl === stores.books.url ? 'books' : 'coffee'}`;
}
