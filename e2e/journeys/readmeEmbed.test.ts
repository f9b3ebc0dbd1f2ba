/**
 * The widget README's "Embedding" steps, taken literally: the code blocks marked `<!-- embed:... -->` in
 * widget/README.md are read (harness/readmeEmbed.ts), the README's example origins replaced by this run's.
 * Step 1's ALLOWED_ORIGINS starts the backend, step 2's code creates each session on the shop's server, step 3's
 * HTML is the shop page's body, step 4's policy its Content-Security-Policy header. A README that stops working
 * fails here. The same system shows that the FingerprintJS chunk waits for the form, and that the demo shop
 * (on the backend's own origin, which the README's ALLOWED_ORIGINS does not name) still pays, on a phone.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '../../server/config';
import { orderIn } from '../../testing/adminClient';
import type { WidgetManifest } from '../../widget/build/widgetBundle';
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
  widget,
} from '../harness/shopper';
import { readmeBackendEnv, readmeCreateSession, readmeShopPage } from '../harness/readmeEmbed';
import { useSystem } from '../harness/useSystem';

const MANIFEST = fileURLToPath(new URL('../../dist/widget/manifest.json', import.meta.url));
const readManifest = () => JSON.parse(readFileSync(MANIFEST, 'utf8')) as WidgetManifest;

let shopServer: Server | undefined;
let shopOrigin = '';
const backendEnv: Record<string, string> = {};
// Registered before useSystem's beforeAll, so it runs first: step 1 needs the shop's origin.
beforeAll(async () => {
  shopServer = createServer((req, res) => {
    void shopPage(req.url ?? '/').then(
      ({ status, headers, body }) => res.writeHead(status, headers).end(body),
      (e: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(e)),
    );
  });
  await new Promise<void>((resolve) => shopServer!.listen(0, '127.0.0.1', resolve));
  // another host name for the same loopback server: another origin than the backend's 127.0.0.1
  shopOrigin = `http://localhost:${(shopServer.address() as AddressInfo).port}`;
  Object.assign(backendEnv, readmeBackendEnv(shopOrigin));
});
afterAll(() => new Promise<void>((resolve) => (shopServer ? shopServer.close(() => resolve()) : resolve())));

const env = useSystem({ name: 'readme-embed', backendEnv });
const orders: string[] = [];

/** The shop's server: step 2's code makes the session, step 3's HTML is the page, step 4's policy its header. */
async function shopPage(path: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  if (path !== '/checkout') return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'not found' };
  const origins = { backendUrl: env.system.backend.url, gatewayUrl: env.system.sandbox.url, shopOrigin };
  const session = await readmeCreateSession(origins, DEMO_DEFAULTS.SHOP_SECRET);
  const view = (await (
    await fetch(`${env.system.backend.url}/api/sessions/${session.id}`, {
      headers: { 'X-Client-Secret': session.client_secret },
    })
  ).json()) as { order_no: string };
  orders.push(view.order_no);
  const { html, csp } = readmeShopPage(origins, session, readManifest());
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-store',
    },
    body: html,
  };
}

/** Resolves after the page has been idle twice: an idle callback registered before has run by then. */
function afterIdleTime(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 5000 })),
      ),
  );
}

describe("the widget README's embedding, step by step, on another origin", () => {
  it('a shop built from the four snippets pays with the test card', async () => {
    const { page, csp } = await env.open();
    const res = await page.goto(`${shopOrigin}/checkout`);
    expect(res?.status()).toBe(200);
    // the README's policy without 'unsafe-inline' anywhere: the page runs under it
    expect(res?.headers()['content-security-policy']).toContain(`script-src 'self' ${env.system.backend.url};`);
    expect(backendEnv.ALLOWED_ORIGINS).toBe(shopOrigin);
    const root = widget(page);
    await root.locator('form.ck-form').waitFor();
    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');

    const orderNo = orders.at(-1)!;
    // the shopper reads the result in words, not the backend's internal order number (#35)
    expect(await root.locator('.ck-status').innerText()).not.toContain(orderNo);
    await orderIn(env.system.backend, orderNo, 'authorised');
    await expectGatewayAttempts(env.system, orderNo, 1, 1);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'readme-embed-card');
  });

  it('the fingerprint chunk is requested only once the form is shown, even when the session answers late', async () => {
    const { page, csp } = await env.open();
    await page.addInitScript(() => {
      const w = window as { __formAt?: number };
      new MutationObserver(() => {
        if (w.__formAt === undefined && document.querySelector('.ck-root form.ck-form')) w.__formAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    // The session's answer waits until the page has had idle time: a fingerprint started on idle at mount (as
    // before) would be requested in that gap, ahead of the form. No fixed delay: the page's own idle callbacks.
    await page.route(`${env.system.backend.url}/api/sessions/*`, async (route) => {
      if (route.request().method() === 'GET') await afterIdleTime(page);
      await route.continue();
    });
    const chunk = Object.keys(readManifest().sizes.lazyGzip).find((f) => f.startsWith('fp'));
    expect(chunk).toBeDefined();

    await page.goto(`${shopOrigin}/checkout`);
    await widget(page).locator('form.ck-form').waitFor();
    // it does follow, unprompted (idle time after the form)
    const handle = await page.waitForFunction(
      (file) => performance.getEntriesByType('resource').find((e) => e.name.endsWith(`/${file}`))?.startTime,
      chunk,
    );
    const requestedAt = (await handle.jsonValue()) as number;
    const formAt = await page.evaluate(() => (window as { __formAt?: number }).__formAt);
    expect(formAt).toBeDefined();
    expect(requestedAt).toBeGreaterThan(formAt!);
    expectNoCspViolations(csp);
  });

  it("the demo shop on the backend's own origin still pays, and its event log wraps on a phone", async () => {
    const { page, csp } = await env.open({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    await openDemoShop(page, env.system.backend.url);
    const root = widget(page);
    await fillShopper(root);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');
    // the "completed" line: a long JSON with no space to break at
    await page.locator('#events li', { hasText: 'completed' }).waitFor();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
    }));
    expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.viewport);
    expectNoCspViolations(csp);
    await saveScreenshot(page, 'readme-embed-demo-phone');
  });
});
