/**
 * Issue #19, "the shopper is never stuck": each way a shopper used to be left with a pending attempt that refused
 * every new Pay, walked in Chromium to a paid order, paid exactly once at the gateway.
 */
import { describe, expect, it, vi } from 'vitest';
import { newestOrderNo, orderIn, orderOf } from '../../testing/adminClient';
import { sandboxApi, successful } from '../../testing/sandboxApi';
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

const env = useSystem({ name: 'never-stuck' });

/**
 * The order ends `status` after a first attempt the shopper left while pending: that one abandoned, the second
 * `status`; two attempts at the gateway, one of them paid; no CSP violation on the way.
 */
async function paidAfterLeaving(
  page: Parameters<typeof saveScreenshot>[0],
  csp: Parameters<typeof expectNoCspViolations>[0],
  status: 'authorised' | 'paid',
  screenshot: string,
  orderNo?: string,
): Promise<void> {
  const no = orderNo ?? (await newestOrderNo(env.system.backend));
  const order = await orderIn(env.system.backend, no, status);
  expect(order.attempts.map((a) => [a.status, a.abandoned])).toEqual([
    ['pending', true],
    [status, false],
  ]);
  await expectGatewayAttempts(env.system, no, 2, 1);
  expectNoCspViolations(csp);
  await saveScreenshot(page, screenshot);
}

describe('issue #19: the shopper is never stuck', () => {
  it('1. "Choose another method" under the card page ends that attempt, and the next Pay pays at once', async () => {
    const { page, csp } = await env.open();
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).click();
    await cardFrame(root).locator('#card_number').waitFor();
    await root.getByRole('button', { name: 'Choose another method' }).click();

    // back on the form with what was typed; the old attempt no longer blocks the new one
    await root.locator('form.ck-form').waitFor();
    expect(await root.locator('[name="first_name"]').inputValue()).toBe('Ana');
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');

    await paidAfterLeaving(page, csp, 'authorised', 'journey-19-1-change-method');
  });

  it('2. a pending Pix shows the way back to its QR code and a real switch of method; paid once', async () => {
    const { page, csp } = await env.open();
    await openDemoShop(page, env.system.backend.url, { currency: 'BRL', country: 'BR' });
    const root = widget(page);
    await fillShopper(root, 'pix');
    await payButton(root).click();
    await page.waitForURL(`${env.system.sandbox.url}/**`);
    const issuerPage = page.url();
    await page.getByRole('button', { name: 'Leave pending', exact: true }).click();
    await page.waitForURL((url) => url.origin === env.system.backend.url && url.pathname === '/');

    // honest: nothing paid yet, a link back to the issuer's page, and another method on offer
    const status = root.locator('.ck-status[data-pending="issuer"]');
    await status.waitFor();
    expect(await status.innerText()).toContain('not paid yet');
    expect(await status.innerText()).not.toContain('safely close');
    const back = root.getByRole('link', { name: 'Back to Pix' });
    expect(await back.getAttribute('href')).toBe(issuerPage);
    await root.getByRole('button', { name: 'Choose another method' }).click();

    await root.locator('form.ck-form').waitFor();
    await fillShopper(root, 'pix');
    await payButton(root).click();
    await page.waitForURL(`${env.system.sandbox.url}/**`);
    expect(page.url()).not.toBe(issuerPage);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.waitForURL((url) => url.origin === env.system.backend.url && url.pathname === '/');
    await expectOutcome(root, 'paid');

    await paidAfterLeaving(page, csp, 'paid', 'journey-19-2-pending-pix');
  });

  it('3. a reload during the 3-D Secure challenge shows the challenge again, and it pays', async () => {
    const { page, csp } = await env.open();
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.threeDs);
    await cardFrame(root).getByRole('heading', { name: 'Verify your payment' }).waitFor();

    await page.reload();
    const frame = cardFrame(root);
    await frame.getByRole('heading', { name: 'Verify your payment' }).waitFor();
    await frame.getByRole('button', { name: 'Authenticate', exact: true }).click();
    await expectOutcome(root, 'paid');

    const orderNo = await newestOrderNo(env.system.backend);
    const order = await orderIn(env.system.backend, orderNo, 'authorised');
    expect(order.attempts).toHaveLength(1);
    const [tx] = await sandboxApi(env.system.sandbox.url).transactionsOfOrder(orderNo);
    expect(tx).toMatchObject({ payment_status: '2000', is3ds: '1' });
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-19-3-reload-3ds');
  });

  it('4. a gateway 503: both sides say nothing was charged, and Pay works again at once', async () => {
    const { page, csp } = await env.open();
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    const gateway = sandboxApi(env.system.sandbox.url);
    await gateway.addFault({ endpoint: '/v1/checkout', times: 1, fault: { kind: 'status', status: 503 } });
    try {
      await payButton(root).click();
      const alert = root.locator('.ck-form [role="alert"]', { hasText: 'nothing was charged' });
      await alert.waitFor();
      expect(await alert.innerText()).not.toContain('Something went wrong');
    } finally {
      await gateway.clearFaults();
    }
    const orderNo = await newestOrderNo(env.system.backend);
    const refused = await orderOf(env.system.backend, orderNo);
    expect(refused.attempts[0]).toMatchObject({ status: 'declined', message: 'I0115:not received by the gateway' });

    await root.locator('form.ck-form button[type="submit"][aria-disabled="false"]').waitFor();
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');
    const order = await orderIn(env.system.backend, orderNo, 'authorised');
    expect(order.attempts.map((a) => a.status)).toEqual(['declined', 'authorised']);
    // the gateway never had the first attempt, and took the second once
    const txs = (await Promise.all(order.attempts.map((a) => gateway.transactions(a.gateway_order_no)))).flat();
    expect(txs.map((t) => t.payment_status)).toEqual(['2000']);
    expect(successful(txs)).toHaveLength(1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-19-4-gateway-503');
  });

  it('5. beforeRedirect returning false stays on the form, and the next Pay goes to the issuer and pays', async () => {
    const { page, csp } = await env.open();
    await openDemoShop(page, env.system.backend.url, { currency: 'BRL', country: 'BR' });
    // the shop says "not yet" once (e.g. its cart could not be saved), then lets the shopper go
    await page.evaluate(() => {
      const w = window as unknown as {
        Checkout: { init(o: object): { mount(t: string): unknown } };
        redirectAsks: number;
      };
      const stored = JSON.parse(sessionStorage.getItem('demo-checkout')!) as { id: string; client_secret: string };
      w.redirectAsks = 0;
      w.Checkout.init({
        session: stored.id,
        clientSecret: stored.client_secret,
        beforeRedirect: () => {
          w.redirectAsks += 1;
          return w.redirectAsks > 1;
        },
      }).mount('#checkout');
    });
    const root = widget(page);
    await fillShopper(root, 'pix');
    await payButton(root).click();
    await page.waitForFunction(() => (window as unknown as { redirectAsks: number }).redirectAsks === 1);
    const orderNo = await newestOrderNo(env.system.backend);
    await vi.waitFor(
      async () => expect((await orderOf(env.system.backend, orderNo)).attempts[0]).toMatchObject({ abandoned: true }),
      { timeout: STEP_MS },
    );
    expect(new URL(page.url()).origin).toBe(env.system.backend.url);

    await root.locator('form.ck-form button[type="submit"][aria-disabled="false"]').waitFor();
    await payButton(root).click();
    await page.waitForURL(`${env.system.sandbox.url}/**`);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.waitForURL((url) => url.origin === env.system.backend.url && url.pathname === '/');
    await expectOutcome(root, 'paid');
    await paidAfterLeaving(page, csp, 'paid', 'journey-19-5-before-redirect-false', orderNo);
  });
});
