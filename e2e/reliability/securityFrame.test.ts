/**
 * The card frame against a gateway answer carrying a script (a compromised or spoofed gateway page, a proxy on
 * the way): the backend renders its own page from the answer's form, so the script never runs on the backend's
 * origin, cannot tell the widget "paid", and the card payment still completes in Chromium.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { releaseBrowser, workerBrowser } from '../harness/launchBrowser';
import { cardFrame, fillShopper, payButton, payInCardFrame, STEP_MS, widget } from '../harness/shopper';
import { startFaultProxy, type FaultProxy } from '../../testing/faultProxy';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { callJson, createSession } from '../../testing/shopClient';
import { startBackend, type Backend } from '../../server/testing/startBackend';
import { startPageServer, type PageServer } from './lib/pageServer';
import { useTally } from './lib/tally';

const tally = useTally('securityFrame');

/**
 * What an attacker who controls the gateway's answer would add: it reads the payment id out of the form's
 * returnUrl (as a real attack could) and tells the widget the payment is paid, marks the frame's window, and
 * writes to the origin's storage, where the admin page keeps what it keeps.
 */
const INJECTED = `<script>
window.__xss = 1;
try { localStorage.setItem('injected', '1'); } catch (e) {}
var back = document.querySelector('input[name=returnUrl]');
var id = back ? (/\\/pay\\/return\\/([^?&]+)/.exec(back.value) || [])[1] : '';
parent.postMessage({ source: 'checkout', type: 'result', payment_id: id, order_no: 'forged', status: 'paid' }, '*');
</script>`;

let proxy: FaultProxy;
let sandbox: RunningSandbox;
let shop: PageServer;
let backend: Backend;
let browser: Browser;
beforeAll(async () => {
  proxy = await startFaultProxy();
  [sandbox, shop, browser] = await Promise.all([
    startSandboxProcess({ publicUrl: proxy.url }),
    startPageServer('localhost'),
    workerBrowser(),
  ]);
  proxy.target = sandbox.url;
  backend = await startBackend({ gatewayUrl: proxy.url, allowedOrigins: [shop.origin] });
});
afterAll(async () => {
  await releaseBrowser(browser);
  await backend?.close();
  await Promise.all([shop?.close(), sandbox?.close(), proxy?.close()]);
});

it("a script injected into the gateway's loading page never runs; the widget waits for the real outcome, paid", async () => {
  // step 1 only (the backend's call); step 2, the frame's own post, carries signInfo
  proxy.add({
    method: 'POST',
    path: '/v1/checkout',
    body: (body) => !body.includes('signInfo'),
    action: 'rewrite',
    rewrite: (html) => html.replace('</form>', `</form>${INJECTED}`),
  });
  const session = await createSession(backend.url);
  shop.setPage(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>shop</title><script src="${backend.url}/widget.js" async></script></head>
<body><div id="checkout" data-checkout-session="${session.id}" data-client-secret="${session.client_secret}" data-locale="en"></div></body></html>`);
  const context = await browser.newContext({ locale: 'en-US' });
  context.setDefaultTimeout(STEP_MS);
  try {
    const page = await context.newPage();
    // every message the shop's window receives, with its sender's origin
    await page.addInitScript(() => {
      const seen: { origin: string; data: unknown }[] = [];
      (window as unknown as { __messages: typeof seen }).__messages = seen;
      addEventListener('message', (e) => seen.push({ origin: e.origin, data: e.data }));
    });
    const frameDocuments: { url: string; csp: string | undefined }[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(`${backend.url}/pay/frame/`))
        frameDocuments.push({ url: r.url(), csp: r.headers()['content-security-policy'] });
    });
    await page.goto(`${shop.origin}/`);
    const root = widget(page);
    await root.locator('form.ck-form').waitFor();
    await fillShopper(root, 'card');
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), '4242424242424242');
    await root.locator('.ck-status[data-outcome="paid"]').waitFor();

    // the injection was there: the rule rewrote the backend's call
    const fired = proxy.clear();
    tally.faults += fired;
    expect(fired).toBe(1);
    expect(frameDocuments).toHaveLength(1);
    expect(frameDocuments[0]!.csp).toContain('sandbox allow-forms allow-scripts');
    // it never ran: no forged message reached the shop's window, nothing was written to the backend's origin
    const messages = await page.evaluate(() => (window as unknown as { __messages: unknown[] }).__messages);
    expect(JSON.stringify(messages)).not.toContain('forged');
    const backendPage = await context.newPage();
    await backendPage.goto(`${backend.url}/healthz`);
    expect(await backendPage.evaluate(() => localStorage.getItem('injected'))).toBeNull();
    // and the widget's "paid" is the backend's
    const view = await callJson(`${backend.url}/api/sessions/${session.id}`, {
      headers: { 'X-Client-Secret': session.client_secret },
    });
    expect(view.body.payment.status).toMatch(/^(authorised|paid)$/);
  } finally {
    await context.close();
  }
}, 90_000);
