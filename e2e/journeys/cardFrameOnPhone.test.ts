/**
 * The card frame on a 360 px phone (issue #35): wide enough, the keyboard lands in it, the 3-D Secure challenge
 * is not framed at the card page's height, and a card page lost to an offline moment can be reopened (the same
 * attempt: one transaction at the gateway). In English and another language.
 */
import { describe, expect, it } from 'vitest';
import { newestOrderNo, orderIn } from '../../testing/adminClient';
import { saveScreenshot } from '../harness/artifacts';
import { expectGatewayAttempts, expectNoCspViolations } from '../harness/expectations';
import {
  CARDS,
  cardFrame,
  expectOutcome,
  fillShopper,
  openDemoShop,
  payButton,
  payInCardFrame,
  STEP_MS,
  widget,
} from '../harness/shopper';
import { useSystem } from '../harness/useSystem';

const env = useSystem({ name: 'card-frame-phone' });
const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const LOCALES = [
  {
    locale: 'en',
    browser: 'en-US',
    amount: (pay: string) => pay.replace(/^Pay /, ''),
    title: 'Secure card payment page',
    authorised: 'Payment authorised',
    lost: 'The card page could not load.',
    reopen: 'Reopen the card page',
  },
  {
    locale: 'de',
    browser: 'de-DE',
    amount: (pay: string) => pay.replace(/ bezahlen$/, ''),
    title: 'Sichere Kartenzahlungsseite',
    authorised: 'Zahlung autorisiert',
    lost: 'Die Kartenseite konnte nicht geladen werden.',
    reopen: 'Kartenseite erneut öffnen',
  },
] as const;

describe('journey: the card frame on a 360 px phone', () => {
  it.each(LOCALES)(
    '$locale: the frame is wide, takes the focus, shows the amount as the widget does, and frames the 3-D Secure challenge at its own size',
    async ({ locale, browser, amount, title, authorised }) => {
      const { page, csp } = await env.open({ ...PHONE, locale: browser });
      await openDemoShop(page, env.system.backend.url, { locale });
      const root = widget(page);
      await fillShopper(root);
      const widgetAmount = amount(await payButton(root).innerText());
      expect(widgetAmount).toMatch(/33[.,]00/);
      await payButton(root).tap();

      const frame = root.getByTitle(title);
      await frame.waitFor({ timeout: STEP_MS });
      // the demo page's paddings once left it 248 px of 360
      expect((await frame.boundingBox())!.width).toBeGreaterThanOrEqual(300);
      // the keyboard is in the card page, not on <body>
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('title')), { timeout: STEP_MS })
        .toBe(title);

      const card = cardFrame(root);
      // the card page writes the amount as the widget does ($33.00, not USD 33.00)
      await card.locator('#card_number').waitFor({ timeout: STEP_MS });
      expect(await card.locator('button[name="action"][value="pay"]').innerText()).toBe(`Pay ${widgetAmount}`);
      await payInCardFrame(card, CARDS.threeDs);
      await card.getByRole('heading', { name: 'Verify your payment' }).waitFor({ timeout: STEP_MS });
      // the challenge is framed at about its own size (at most the stylesheet's default), not the card page's
      await expect.poll(async () => (await frame.boundingBox())!.height, { timeout: STEP_MS }).toBeLessThanOrEqual(562);
      const challenge = await card.locator('html').evaluate((el) => el.getBoundingClientRect().height);
      expect((await frame.boundingBox())!.height - challenge).toBeLessThan(250);
      await saveScreenshot(page, `journey-card-frame-3ds-${locale}-360`);
      await card.getByRole('button', { name: 'Authenticate', exact: true }).click();

      await expectOutcome(root, 'paid');
      expect(await root.locator('.ck-status h2').innerText()).toBe(authorised);
      const orderNo = await newestOrderNo(env.system.backend);
      expect(await root.locator('.ck-status').innerText()).not.toContain(orderNo);
      await orderIn(env.system.backend, orderNo, 'authorised');
      await expectGatewayAttempts(env.system, orderNo, 1, 1);
      expectNoCspViolations(csp);
    },
  );

  it.each(LOCALES)(
    '$locale: offline as the card page submits, the widget offers to reopen it; the same attempt is then paid once',
    async ({ locale, title, authorised, lost, reopen }) => {
      const { page, context, csp } = await env.open(PHONE);
      await openDemoShop(page, env.system.backend.url, { locale });
      const root = widget(page);
      await fillShopper(root);
      await payButton(root).tap();
      const card = cardFrame(root);
      await card.locator('#card_number').waitFor({ timeout: STEP_MS });

      await context.setOffline(true);
      await payInCardFrame(card, CARDS.approved);
      const alert = root.getByRole('alert');
      await alert.waitFor({ timeout: STEP_MS });
      expect(await alert.innerText()).toContain(lost);
      await saveScreenshot(page, `journey-card-frame-offline-${locale}`);

      await context.setOffline(false);
      await root.getByRole('button', { name: reopen }).tap();
      await alert.waitFor({ state: 'detached', timeout: STEP_MS });
      await root.getByTitle(title).waitFor();
      await payInCardFrame(card, CARDS.approved);
      await expectOutcome(root, 'paid');
      expect(await root.locator('.ck-status h2').innerText()).toBe(authorised);
      const orderNo = await newestOrderNo(env.system.backend);
      await orderIn(env.system.backend, orderNo, 'authorised');
      // one attempt, one transaction at the gateway: reopening never paid a second time
      const order = await orderIn(env.system.backend, orderNo, 'authorised');
      expect(order.attempts).toHaveLength(1);
      await expectGatewayAttempts(env.system, orderNo, 1, 1);
      expectNoCspViolations(csp);
    },
  );
});
