/**
 * What a shopper does in the browser: open the demo shop, start a checkout, fill in the widget's form, pay in the
 * card frame or on the issuer page. Fields are found by their `name` (the contract's field path), so the same
 * steps work in every language; what the shopper reads is asserted by the tests themselves.
 */
import { expect } from 'vitest';
import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';

export interface ShopOptions {
  currency?: 'USD' | 'EUR' | 'BRL' | 'CNY';
  country?: 'US' | 'BR' | 'CN' | 'NL' | 'FR' | 'DE';
  locale?: '' | 'en' | 'fr' | 'de' | 'es' | 'pt-BR' | 'zh-CN' | 'nl' | 'ja' | 'ar';
  theme?: 'light' | 'dark';
}

export const SHOPPER = {
  first_name: 'Ana',
  last_name: 'Silva',
  email: 'ana@example.com',
  phone: '+55 11 91234 5678',
  'billing.country': 'BR',
  'billing.address': 'Rua Augusta 1500',
  'billing.city': 'São Paulo',
  'billing.postal_code': '01304-001',
} as const;

export const CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDs: '4000000000003220',
  review: '4000000000000259',
  pending: '4000000000000077',
} as const;

/** How long a step of a journey may take before the test fails (loopback, but a busy 2-core machine). */
export const STEP_MS = 15_000;

/** The widget's root inside `scope` (a page or the frame of a framed shop). */
export function widget(scope: Page | Frame | FrameLocator): Locator {
  return scope.locator('.ck-root');
}

/** The demo shop at the backend's `/`: picks the cart's options, presses the shop's Pay, waits for the form. */
export async function openDemoShop(page: Page, backendUrl: string, opts: ShopOptions = {}): Promise<void> {
  await page.goto(`${backendUrl}/`);
  await page.selectOption('#currency', opts.currency ?? 'USD');
  await page.selectOption('#country', opts.country ?? 'US');
  await page.selectOption('#locale', opts.locale ?? 'en');
  await page.selectOption('#theme', opts.theme ?? 'light');
  await page.click('#pay');
  await widget(page).locator('form.ck-form').waitFor({ timeout: STEP_MS });
}

/**
 * Picks `method` (its id: card, pix, ...) and types a valid shopper into the fields the form then shows: a method
 * asks only what it needs (a plain card no address and no phone), so the fields it does not show are skipped.
 */
export async function fillShopper(
  root: Locator,
  method = 'card',
  overrides: Record<string, string> = {},
): Promise<void> {
  await root.locator(`input[type="radio"][value="${method}"]`).check();
  const values: Record<string, string> = { ...SHOPPER, ...overrides };
  for (const [name, value] of Object.entries(values)) {
    const field = root.locator(`[name="${name}"]`);
    if ((await field.count()) === 0) continue;
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

/** The widget's Pay button (its text is translated, its class is not). */
export function payButton(root: Locator): Locator {
  return root.locator('form.ck-form button[type="submit"]');
}

/** The card frame the widget shows after Pay: the gateway's hosted page once the loading page has posted on. */
export function cardFrame(root: Locator): FrameLocator {
  return root.locator('iframe.ck-frame').contentFrame();
}

/** Types `card` into the hosted card page and presses its Pay (or Cancel). */
export async function payInCardFrame(
  frame: FrameLocator,
  card: string,
  button: 'pay' | 'cancel' = 'pay',
): Promise<void> {
  await frame.locator('#card_number').waitFor({ timeout: STEP_MS });
  await frame.locator('#holder').fill('Ana Silva');
  await frame.locator('#card_number').fill(card);
  await frame.locator('#expiry').fill('12/39');
  await frame.locator('#cvv').fill('123');
  await frame.locator(`button[name="action"][value="${button}"]`).click();
}

/** The widget's outcome view, once shown: `paid`, `pending` or `failed`. */
async function outcomeOf(root: Locator): Promise<string> {
  const status = root.locator('.ck-status[data-outcome]');
  await status.waitFor({ timeout: STEP_MS });
  return (await status.getAttribute('data-outcome')) ?? '';
}

/** Waits until the widget shows `outcome`. */
export async function expectOutcome(
  root: Locator,
  outcome: 'paid' | 'pending' | 'failed',
  timeout = STEP_MS,
): Promise<void> {
  await root.locator(`.ck-status[data-outcome="${outcome}"]`).waitFor({ timeout });
  expect(await outcomeOf(root)).toBe(outcome);
}
