import { describe, expect, it } from 'vitest';
import { newestOrderNo, orderIn } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { saveScreenshot } from '../harness/artifacts';
import { expectNoCspViolations } from '../harness/expectations';
import {
  CARDS,
  cardFrame,
  expectOutcome,
  fillShopper,
  openDemoShop,
  payButton,
  payInCardFrame,
  widget,
} from '../harness/shopper';
import { useSystem } from '../harness/useSystem';

const env = useSystem({ name: 'phone-card' });
const PHONE = { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

describe('journey: a plain card payment on a 375 px phone', () => {
  it('asks no address and no phone, fits without sideways scrolling, sizes the card frame to its page, and pays', async () => {
    const { page, csp } = await env.open(PHONE);
    await openDemoShop(page, env.system.backend.url);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const root = widget(page);
    expect(await fits()).toBe(true);
    await root.locator('input[type="radio"][value="card"]').check();
    expect(await root.locator('[name="phone"]').count()).toBe(0);
    expect(await root.locator('[name^="billing."]').count()).toBe(0);
    await fillShopper(root);
    await payButton(root).tap();

    const frame = root.locator('iframe.ck-frame');
    await frame.waitFor();
    expect((await frame.boundingBox())!.width).toBeLessThanOrEqual(375);
    // the gateway's card page posts its height; the frame takes it, so its Pay button needs no scrolling inside
    await cardFrame(root).locator('#card_number').waitFor();
    await expect.poll(async () => Number(await frame.getAttribute('height')), { timeout: 10_000 }).toBeGreaterThan(0);
    const inner = await cardFrame(root)
      .locator('html')
      .evaluate((el) => ({
        scroll: el.scrollHeight,
        shown: window.innerHeight,
        wide: el.scrollWidth > window.innerWidth,
      }));
    expect(inner.scroll).toBeLessThanOrEqual(inner.shown + 1);
    expect(inner.wide).toBe(false);
    expect(await fits()).toBe(true);

    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');
    expect(await fits()).toBe(true);
    const orderNo = await newestOrderNo(env.system.backend);
    await orderIn(env.system.backend, orderNo, 'authorised');
    // what reached the gateway: the shopper's e-mail, no address and no phone
    const [tx] = await sandboxApi(env.system.sandbox.url).transactionsOfOrder(orderNo);
    const sent = JSON.stringify(tx!.request);
    expect(sent).toContain('"shopper_email":"ana@example.com"');
    expect(sent).not.toMatch(/"(billing_address|billing_city|shopper_phone)"/);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-phone-card-375');
  });
});
