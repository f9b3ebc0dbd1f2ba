import { describe, expect, it } from 'vitest';
import { devices, type Page } from 'playwright-core';
import { newestOrderNo, orderIn } from '../../testing/adminClient';
import { saveScreenshot } from '../harness/artifacts';
import { luminance } from '../harness/colors';
import { expectGatewayAttempts, expectNoCspViolations } from '../harness/expectations';
import { sandboxApi } from '../../testing/sandboxApi';
import {
  CARDS,
  cardFrame,
  expectOutcome,
  fillShopper,
  openDemoShop,
  payButton,
  payInCardFrame,
  widget,
  type ShopOptions,
} from '../harness/shopper';
import { useSystem } from '../harness/useSystem';

const env = useSystem({ name: 'locales-themes' });

const LOCALES = [
  { locale: 'en', currency: 'USD', details: 'Your details', card: 'Card', paid: 'Payment authorised' },
  { locale: 'fr', currency: 'EUR', details: 'Vos coordonnées', card: 'Carte', paid: 'Paiement autorisé' },
  { locale: 'pt-BR', currency: 'BRL', details: 'Seus dados', card: 'Cartão', paid: 'Pagamento autorizado' },
] as const;

/** The amount as the browser itself formats it in `locale`: what the Pay button must show. */
function formatted(page: Page, locale: string, currency: string): Promise<string> {
  return page.evaluate(([l, c]) => new Intl.NumberFormat(l, { style: 'currency', currency: c }).format(33), [
    locale,
    currency,
  ] as const);
}

async function payByCard(page: Page, opts: ShopOptions) {
  await openDemoShop(page, env.system.backend.url, opts);
  const root = widget(page);
  await fillShopper(root);
  await payButton(root).click();
  await payInCardFrame(cardFrame(root), CARDS.approved);
  await expectOutcome(root, 'paid');
  const orderNo = await newestOrderNo(env.system.backend);
  await orderIn(env.system.backend, orderNo, 'authorised');
  await expectGatewayAttempts(env.system, orderNo, 1, 1);
  return { root, orderNo };
}

describe('journey 10: languages, dark theme, a phone', () => {
  it.each(LOCALES)(
    '$locale: the form, the amount, the method label and the result are in $locale',
    async ({ locale, currency, details, card, paid }) => {
      const { page, csp } = await env.open({ locale: 'en-US' });
      await openDemoShop(page, env.system.backend.url, {
        locale,
        currency,
        country: locale === 'pt-BR' ? 'BR' : locale === 'fr' ? 'FR' : 'US',
      });
      const root = widget(page);
      await expect.poll(() => root.locator('form.ck-form legend').first().innerText()).toBe(details);
      expect(await payButton(root).innerText()).toContain(await formatted(page, locale, currency));
      expect(
        await root.locator('label.ck-choice', { has: page.locator('input[value="card"]') }).innerText(),
        'the card method label, translated by the backend',
      ).toBe(card);
      await fillShopper(root);
      await payButton(root).click();
      await payInCardFrame(cardFrame(root), CARDS.approved);
      await expectOutcome(root, 'paid');
      expect(await root.locator('.ck-status h2').innerText()).toBe(paid);
      const orderNo = await newestOrderNo(env.system.backend);
      const order = await orderIn(env.system.backend, orderNo, 'authorised');
      expect(order).toMatchObject({ amount: '33.00', currency });
      // the browser's language goes to the gateway with the device data
      const [tx] = await sandboxApi(env.system.sandbox.url).transactionsOfOrder(orderNo);
      expect(JSON.stringify(tx!.request)).toContain('en-US');
      expectNoCspViolations(csp);
      await saveScreenshot(page, `journey-10-locale-${locale}`);
    },
  );

  it('dark theme: the widget is light text on a dark background, and pays', async () => {
    const { page, csp } = await env.open({ colorScheme: 'dark' });
    const { root } = await payByCard(page, { theme: 'dark' });
    expect(await root.getAttribute('data-theme')).toBe('dark');
    const colors = await root.evaluate((el) => {
      const style = getComputedStyle(el.querySelector('.ck-status') ?? el);
      let bg = 'rgba(0, 0, 0, 0)';
      for (let node: Element | null = el; node && /rgba\(0, 0, 0, 0\)|transparent/.test(bg); node = node.parentElement)
        bg = getComputedStyle(node).backgroundColor;
      return { text: style.color, background: bg };
    });
    expect(luminance(colors.background)).toBeLessThan(0.2);
    expect(luminance(colors.text)).toBeGreaterThan(0.5);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-10-dark-theme');
  });

  it('a phone: the page fits the screen without sideways scrolling, the card frame pays, the gateway hears "mobile"', async () => {
    const { defaultBrowserType: _, ...phone } = devices['Pixel 7']!;
    const { page, csp } = await env.open(phone);
    await openDemoShop(page, env.system.backend.url);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).tap();
    const frame = root.locator('iframe.ck-frame');
    await frame.waitFor();
    expect((await frame.boundingBox())!.width).toBeLessThanOrEqual(phone.viewport.width);
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');
    expect(await fits()).toBe(true);
    const orderNo = await newestOrderNo(env.system.backend);
    await orderIn(env.system.backend, orderNo, 'authorised');
    const [tx] = await sandboxApi(env.system.sandbox.url).transactionsOfOrder(orderNo);
    expect(JSON.stringify(tx!.request)).toMatch(/"device_type":"mobile"/);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-10-phone');
  });
});
