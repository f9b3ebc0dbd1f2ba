/**
 * What the shop owner does in the admin page (`/admin`): sign in with e-mail and password, open an order, run an
 * action on it through the confirmation dialog and read the per-order result. Controls are found by their
 * accessible names, as a screen-reader user would find them.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { STEP_MS } from './shopper';

/** Signs `who` in on the admin page's form (people are added by `addPerson`, testing/people.ts). */
export async function signIn(page: Page, backendUrl: string, who: { email: string; password: string }): Promise<void> {
  const res = await page.goto(`${backendUrl}/admin/`);
  expect(res?.status(), `GET ${backendUrl}/admin/ (the admin page)`).toBe(200);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).waitFor({ timeout: STEP_MS });
}

/** The status an order's page shows. */
function shownStatus(page: Page): Locator {
  return page
    .locator('.summary-fields div')
    .filter({ has: page.locator('dt', { hasText: /^Status$/ }) })
    .locator('dd');
}

export interface ActionOptions {
  /** a partial amount per order (capture and refund) */
  amount?: string;
  reason?: string;
  /** review: approve (default) or reject */
  approve?: boolean;
}

/**
 * Presses an action button (in `scope`: an order's action group or the bulk bar), fills the dialog and confirms
 * it; returns once the results are shown, with their summary line ("1 succeeded, 0 failed, of 1.").
 */
export async function runAction(
  page: Page,
  scope: Locator,
  label: 'Capture' | 'Cancel' | 'Review' | 'Refund',
  opts: ActionOptions = {},
  timeout = STEP_MS,
): Promise<string> {
  await scope.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: STEP_MS });
  if (opts.amount !== undefined) {
    await dialog.getByLabel('A partial amount for each order').check();
    await dialog.getByLabel(/^Amount per order/).fill(opts.amount);
  }
  if (opts.reason !== undefined) await dialog.getByLabel(/^Reason/).fill(opts.reason);
  // the dialog preselects no decision: the owner always picks one
  if (opts.approve !== undefined) await dialog.getByLabel(opts.approve ? /^Approve/ : /^Reject/).check();
  await dialog.locator('button[type="submit"]').click();
  const results = page.locator('section.results');
  await results.waitFor({ timeout });
  return results.getByRole('status').innerText();
}

/** The action buttons of an order's page. */
export function orderActions(page: Page): Locator {
  return page.getByRole('group', { name: 'Actions for this order' });
}

/** Waits until the order's page shows `status` (it reloads itself after an action). */
export async function expectShownStatus(page: Page, status: RegExp | string): Promise<void> {
  await expect
    .poll(() => shownStatus(page).innerText(), { timeout: STEP_MS })
    .toMatch(typeof status === 'string' ? new RegExp(`^${status}$`, 'i') : status);
}

/** The entries of the order's timeline in words, oldest first (its audit lines are under Technical details). */
export function timeline(page: Page): Locator {
  return page.getByRole('list', { name: 'Timeline' }).locator('> li');
}

/** Finds an order the way an owner does: Orders, search by its number, open it from the list. */
export async function findOrder(page: Page, orderNo: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Orders' }).click();
  const search = page.getByRole('search', { name: 'Filter orders' });
  await search.getByLabel('Search').fill(orderNo);
  await search.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('link', { name: orderNo, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: `Order ${orderNo}` }).waitFor({ timeout: STEP_MS });
  await page.locator('.summary-fields').waitFor({ timeout: STEP_MS });
}
