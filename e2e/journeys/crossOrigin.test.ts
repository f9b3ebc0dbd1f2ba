import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listOrders, orderIn } from '../../testing/adminClient';
import { saveScreenshot } from '../harness/artifacts';
import { expectGatewayAttempts, expectNoCspViolations } from '../harness/expectations';
import { CARDS, cardFrame, expectOutcome, fillShopper, payButton, payInCardFrame, widget } from '../harness/shopper';
import { useSystem } from '../harness/useSystem';

const env = useSystem({ name: 'cross-origin' });

describe('journey 7: the widget on a shop of another origin than the backend', () => {
  it('no-code embed on http://localhost:<port>, under the README CSP: the card frame pays', async () => {
    const { page, csp } = await env.open();
    const { shop } = env.system;
    const res = await page.goto(`${shop.origin}/embed?locale=en`);
    expect(new URL(page.url()).origin).not.toBe(env.system.backend.url);
    expect(res?.headers()['content-security-policy']).toContain(`script-src 'self' ${env.system.backend.url}`);
    const root = widget(page);
    await root.locator('form.ck-form').waitFor();
    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');

    const orderNo = shop.sessions.at(-1)!.order_no;
    // the shopper reads the result in words, not the backend's internal order number (#35)
    expect(await root.locator('.ck-status').innerText()).not.toContain(orderNo);
    const order = await orderIn(env.system.backend, orderNo, 'authorised');
    expect(order.attempts).toHaveLength(1);
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-07-cross-origin-card');
  });

  it('inside a framed page: the card frame pays within the nested frames', async () => {
    const { page, csp } = await env.open();
    const { shop } = env.system;
    await page.goto(`${shop.origin}/framed?locale=en`);
    const shopFrame = page.locator('iframe[title="Shop checkout"]').contentFrame();
    const root = widget(shopFrame);
    await root.locator('form.ck-form').waitFor();
    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');

    const orderNo = shop.sessions.at(-1)!.order_no;
    await orderIn(env.system.backend, orderNo, 'authorised');
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-07-framed-card');
  });

  it('inside a framed page: Pix takes the whole window to the issuer and comes back to the shop', async () => {
    const { page, csp } = await env.open();
    const { shop } = env.system;
    await page.goto(`${shop.origin}/framed?locale=en&country=BR&currency=BRL`);
    const root = widget(page.locator('iframe[title="Shop checkout"]').contentFrame());
    await root.locator('form.ck-form').waitFor();
    await fillShopper(root, 'pix');
    await payButton(root).click();

    // the top window, not the frame, goes to the issuer page
    await page.waitForURL(`${env.system.sandbox.url}/**`);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.waitForURL((url) => url.origin === shop.origin && url.pathname === '/embed');
    const orderNo = new URL(page.url()).searchParams.get('order_no')!;
    await expectOutcome(widget(page), 'paid');
    await orderIn(env.system.backend, orderNo, 'paid');
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'journey-07-framed-pix');
  });

  it('a shop page whose origin is not in ALLOWED_ORIGINS: the shopper reads that checkout is not available here, the developer why', async () => {
    const { page } = await env.open();
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));
    // what the shop's onError hears (the no-code embed dispatches it on the host as checkout:error)
    await page.addInitScript(() => {
      const w = window as { checkoutErrors?: unknown[] };
      w.checkoutErrors = [];
      document.addEventListener('checkout:error', (e) => w.checkoutErrors!.push((e as CustomEvent).detail));
    });
    // the same shop server under its IP: an origin the backend's ALLOWED_ORIGINS does not name
    const elsewhere = env.system.shop.origin.replace('localhost', '127.0.0.1');
    await page.goto(`${elsewhere}/embed?locale=en`);
    const alert = widget(page).getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('Checkout is not available on this site.');
    expect(await alert.innerText()).not.toContain('connection');
    expect(await page.evaluate(() => (window as { checkoutErrors?: unknown[] }).checkoutErrors)).toEqual([
      expect.objectContaining({
        code: 'origin_not_allowed',
        message: expect.stringContaining(`${elsewhere} is not in ALLOWED_ORIGINS`),
      }),
    ]);
    expect(consoleLines).toContainEqual(
      expect.stringContaining(`Checkout: this page's origin ${elsewhere} is not in ALLOWED_ORIGINS`),
    );
    await saveScreenshot(page, 'journey-07-origin-not-allowed');
  });

  it("no secret reaches the logs: not the sign key, the shop secret, the admin token nor a session's client secret", async () => {
    const { page } = await env.open();
    await page.goto(`${env.system.shop.origin}/embed?locale=en`);
    await widget(page).locator('form.ck-form').waitFor();
    await listOrders(env.system.backend);
    const { system } = env;
    const secrets = [
      system.signKey,
      system.shopSecret,
      system.adminToken,
      ...system.shop.sessions.map((s) => s.client_secret),
    ];
    for (const file of [system.logs.backend, system.logs.sandbox]) {
      const log = readFileSync(file, 'utf8');
      expect(log.length, `${file} is written`).toBeGreaterThan(0);
      for (const secret of secrets) expect(log.includes(secret), `${file} contains ${secret.slice(0, 6)}…`).toBe(false);
    }
  });
});
