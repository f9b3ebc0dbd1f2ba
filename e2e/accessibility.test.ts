import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './harness/artifacts';
import { findOrder, signIn } from './harness/owner';
import { scanAccessibility } from './harness/scanAccessibility';
import { seedPaidOrders } from './harness/seedPaidOrders';
import {
  CARDS,
  cardFrame,
  expectOutcome,
  fillShopper,
  openDemoShop,
  payButton,
  payInCardFrame,
  widget,
} from './harness/shopper';
import { useSystem } from './harness/useSystem';

const env = useSystem({ name: 'accessibility' });
// axe is injected over CDP; bypassCSP is for these scans only (the journeys run under the real policies)
const SCAN = { bypassCSP: true } as const;

describe('accessibility (axe-core, WCAG 2.1 AA): no serious or critical violation', () => {
  it('the widget: empty form, form with errors, card step, declined, paid', async () => {
    const { page } = await env.open(SCAN);
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    expect(await scanAccessibility(page, '.ck-root'), 'form').toEqual([]);

    await payButton(root).click();
    await root.locator('[aria-invalid="true"]').first().waitFor();
    expect(await scanAccessibility(page, '.ck-root'), 'form with errors').toEqual([]);

    await fillShopper(root);
    await payButton(root).click();
    await cardFrame(root).locator('#card_number').waitFor();
    expect(await scanAccessibility(page, '.ck-root'), 'card step').toEqual([]);

    await payInCardFrame(cardFrame(root), CARDS.declined);
    await expectOutcome(root, 'failed');
    expect(await scanAccessibility(page, '.ck-root'), 'declined').toEqual([]);

    await root.getByRole('button', { name: 'Try another method' }).click();
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');
    expect(await scanAccessibility(page, '.ck-root'), 'paid').toEqual([]);
  });

  it('the widget in the dark theme, in French, on a phone', async () => {
    const { page } = await env.open({ ...SCAN, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await openDemoShop(page, env.system.backend.url, { theme: 'dark', locale: 'fr', currency: 'BRL', country: 'BR' });
    const root = widget(page);
    await expect.poll(() => root.locator('form.ck-form legend').first().innerText()).toBe('Vos coordonnées');
    expect(await scanAccessibility(page, '.ck-root'), 'dark form').toEqual([]);
    await payButton(root).click();
    await root.locator('[aria-invalid="true"]').first().waitFor();
    expect(await scanAccessibility(page, '.ck-root'), 'dark form with errors').toEqual([]);
  });

  it('the widget in Arabic: right to left, a declined card told in Arabic, nothing raw', async () => {
    const { page } = await env.open(SCAN);
    await openDemoShop(page, env.system.backend.url, { locale: 'ar' });
    const root = widget(page);
    await expect.poll(() => root.locator('form.ck-form legend').first().innerText()).toBe('بياناتك');
    expect(await root.evaluate((el) => [el.getAttribute('lang'), el.getAttribute('dir')])).toEqual(['ar', 'rtl']);
    // mirrored: the first field of a row starts at the right edge of the form
    const form = await root.locator('form.ck-form').boundingBox();
    const first = await root.locator('[name="first_name"]').boundingBox();
    expect(form!.x + form!.width - (first!.x + first!.width)).toBeLessThan(first!.x - form!.x);
    expect(await scanAccessibility(page, '.ck-root'), 'rtl form').toEqual([]);

    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.declined);
    await expectOutcome(root, 'failed');
    const status = await root.locator('.ck-status').innerText();
    expect(status).toContain('رفض البنك عملية الدفع.');
    expect(status).not.toContain('Do not honor');
    expect(await scanAccessibility(page, '.ck-root'), 'rtl declined').toEqual([]);
    await saveScreenshot(page, 'accessibility-widget-arabic-declined');
  });

  it('saved cards on a shop of another origin: preselected, each with a named remove button that removes it', async () => {
    const { page } = await env.open(SCAN);
    const shop = `${env.system.shop.origin}/embed?locale=en&shopper=cust-a11y`;
    // the first payment saves the card
    await page.goto(shop);
    let root = widget(page);
    await fillShopper(root);
    await root.locator('[name="save_card"]').check();
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');

    // the next checkout offers it, chosen; the saved card is kept from the query answer, which may still be on its way
    const saved = () => root.getByRole('group', { name: 'Pay with' });
    await expect
      .poll(async () => {
        await page.goto(shop);
        root = widget(page);
        await root.locator('form.ck-form').waitFor();
        await fillShopper(root);
        return saved().count();
      })
      .toBe(1);
    const card = saved().getByRole('radio', { name: 'Visa •••• 4242' });
    expect(await card.isChecked()).toBe(true);
    await root.locator('.ck-logo').first().waitFor();
    expect(await scanAccessibility(page, '.ck-root'), 'saved card').toEqual([]);

    // removed with a DELETE from the shop's origin (a CORS preflight): gone, said, and a new card chosen
    await saved().getByRole('button', { name: 'Remove this saved card' }).click();
    await expect.poll(() => root.getByRole('status').innerText()).toBe('The card was removed.');
    expect(await saved().count()).toBe(0);
    expect(await root.locator('[name="save_card"]').count()).toBe(1);
    expect(await scanAccessibility(page, '.ck-root'), 'card removed').toEqual([]);
    await page.goto(shop);
    await widget(page).locator('form.ck-form').waitFor();
    await fillShopper(widget(page));
    expect(await widget(page).getByRole('group', { name: 'Pay with' }).count()).toBe(0);
  });

  it('the admin page: sign-in, overview, orders, an order, the bulk dialog, a payout with errors, methods, audit log', async () => {
    const [orderNo] = await seedPaidOrders(env.system, 3);
    const { page } = await env.open(SCAN);
    const res = await page.goto(`${env.system.backend.url}/admin/`);
    expect(res?.status(), 'GET /admin/').toBe(200);
    await page.getByLabel('E-mail').waitFor();
    expect(await scanAccessibility(page), 'sign-in').toEqual([]);

    await signIn(page, env.system.backend.url, env.system.owner);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.locator('main').getByText('approval rate', { exact: false }).first().waitFor();
    expect(await scanAccessibility(page), 'overview').toEqual([]);

    await page.evaluate(() => (location.hash = '#/orders'));
    await page.locator('table tbody tr').first().waitFor();
    expect(await scanAccessibility(page), 'orders').toEqual([]);
    await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
    await page
      .getByRole('group', { name: 'Actions for the selected orders' })
      .getByRole('button', { name: 'Refund', exact: true })
      .click();
    await page.getByRole('dialog').waitFor();
    expect(await scanAccessibility(page), 'bulk refund dialog').toEqual([]);
    await page.keyboard.press('Escape');

    await findOrder(page, orderNo!);
    expect(await scanAccessibility(page), 'order detail').toEqual([]);

    await page.evaluate(() => (location.hash = '#/payouts/new'));
    await page.getByRole('button', { name: 'Review payout' }).click();
    await page.locator('.error-summary').waitFor();
    expect(await scanAccessibility(page), 'payout form with errors').toEqual([]);

    await page.evaluate(() => (location.hash = '#/methods'));
    await page.getByRole('button', { name: 'Save payment methods' }).waitFor();
    expect(await scanAccessibility(page), 'payment methods').toEqual([]);

    await page.evaluate(() => (location.hash = '#/events'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('table tbody tr').first().waitFor();
    expect(await scanAccessibility(page), 'audit log').toEqual([]);
    await saveScreenshot(page, 'accessibility-admin-audit-log');
  });
});
