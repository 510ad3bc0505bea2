import type { Page } from '@playwright/test';
import { stack } from './stack';

/** The plan as GET /subscription-plans and /subscription-monitor answer it (the fields used here). */
export interface WirePlan {
  id: string;
  name: string;
  isFree: boolean;
  isManagerPlan: boolean;
  cancelDate: string | null;
  pastDueInvoices: Array<{ number: string; invoice_pdf: string; hosted_invoice_url: string }>;
}

/** A saved card as GET /payment-methods answers it (the fields used here). */
export interface WireCard {
  id: string;
  last4: string;
  isDefaultPM: boolean;
  services: string[];
}

/** The dashboard's token in this page (the shell keeps it in local storage). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('pos.token'));
  if (!token) throw new Error('the page has no signed-in session');
  return token;
}

/** Calls the api as the user signed in on `page`, as the dashboard does (bearer token). */
export async function apiAs<T>(
  page: Page,
  method: 'GET' | 'POST',
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${stack.api}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${await tokenOf(page)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The signed-in user's plan state, as the shell reads it. */
export const planStateOf = (page: Page) =>
  apiAs<{ plan: WirePlan | null; isHavePaymentMethod: boolean }>(
    page,
    'GET',
    '/subscription-monitor',
  );

/** The signed-in user's saved cards. */
export const cardsOf = (page: Page) =>
  apiAs<{ cards: WireCard[] }>(page, 'GET', '/payment-methods').then((answer) => answer.cards);

/**
 * Puts a new account on its free plan (Trial for a manager, Cashier otherwise) with POST
 * /subscription, as choosing it on /subscription-plans does: journeys about something else start
 * from an account that has a plan. The billing journeys choose plans through the page.
 */
export async function startFreePlan(page: Page): Promise<WirePlan> {
  const settings = await apiAs<{ userRole: string }>(page, 'GET', '/user-settings');
  const { plans } = await apiAs<{ plans: WirePlan[] }>(page, 'GET', '/subscription-plans');
  const manager = settings.userRole === 'manager';
  const free = plans.find((plan) => plan.isFree && plan.isManagerPlan === manager);
  if (!free) throw new Error(`no free plan for a ${settings.userRole}`);
  await apiAs(page, 'POST', '/subscription', { planId: free.id });
  return free;
}
