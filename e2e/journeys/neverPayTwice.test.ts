import { describe, expect, it } from 'vitest';
import { newestOrderNo, orderIn, orderOf } from '../../testing/adminClient';
import { saveScreenshot } from '../harness/artifacts';
import { expectGatewayAttempts, expectNoCspViolations } from '../harness/expectations';
import { holdCardSubmit } from '../harness/holdCardSubmit';
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

const env = useSystem({ name: 'never-pay-twice' });

describe('journey 8: impatient shoppers never pay twice', () => {
  it('a double click on Pay starts one attempt', async () => {
    const { page, csp } = await env.open();
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).dblclick();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');

    const orderNo = await newestOrderNo(env.system.backend);
    expect((await orderIn(env.system.backend, orderNo, 'authorised')).attempts).toHaveLength(1);
    expect(await page.locator('#events li', { hasText: /^submit / }).count()).toBe(1);
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-08-double-click');
  });

  it('a reload while the card page is open brings the same card page back, and the card pays once', async () => {
    const { page, csp } = await env.open();
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).click();
    await cardFrame(root).locator('#card_number').waitFor();
    const orderNo = await newestOrderNo(env.system.backend);
    const firstLink = await root.locator('iframe.ck-frame').getAttribute('src');

    // the reload reopens the pending payment's card page (a fresh one-time link), not a second Pay
    await page.reload();
    await cardFrame(root).locator('#card_number').waitFor();
    expect(await root.locator('iframe.ck-frame').getAttribute('src')).not.toBe(firstLink);
    expect(await root.locator('form.ck-form').count()).toBe(0);
    expect((await orderOf(env.system.backend, orderNo)).attempts.map((a) => a.status)).toEqual(['pending']);

    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');
    expect((await orderIn(env.system.backend, orderNo, 'authorised')).attempts).toHaveLength(1);
    expect(await page.locator('#events li', { hasText: /^submit / }).count()).toBe(0);
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-08-reload-card-page-open');
  });

  it('a reload while the card is being confirmed ends paid, once', async () => {
    const { page, csp } = await env.open();
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).click();

    // the card form reaches the gateway, which takes the payment, but the way back to the backend is lost
    const submit = await holdCardSubmit(page, env.system.sandbox.url);
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await submit.drop();
    await page.reload();

    // the gateway's notification settles it; the widget shows it without a second payment
    await expectOutcome(root, 'paid', 20_000);
    const orderNo = await newestOrderNo(env.system.backend);
    expect((await orderIn(env.system.backend, orderNo, 'authorised')).attempts).toHaveLength(1);
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-08-reload-while-confirming');
  });

  it('the back button after paying shows the same paid order, and Pay is not offered again', async () => {
    const { page, csp } = await env.open();
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');
    const orderNo = await newestOrderNo(env.system.backend);

    await page.goBack();
    await expectOutcome(root, 'paid');
    expect(await root.locator('form.ck-form').count()).toBe(0);
    await page.goForward().catch(() => undefined);
    await expectOutcome(root, 'paid');
    await orderIn(env.system.backend, orderNo, 'authorised');
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-08-back-after-paying');
  });
});
