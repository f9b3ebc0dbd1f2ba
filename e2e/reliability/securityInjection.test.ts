/**
 * HTML and script injection through every field a shopper (or the shop, on the shopper's behalf) can fill:
 * each value comes back escaped in every page that echoes it, server-rendered (the card frame's loading page
 * served from the backend's origin, the gateway's hosted card and issuer pages, the result page) and
 * client-rendered (the widget, the admin page), and no injected script ever runs in Chromium.
 */
import { addPerson } from '../../testing/people';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { releaseBrowser, workerBrowser } from '../harness/launchBrowser';
import { findOrder, signIn } from '../harness/owner';
import { cardFrame, fillShopper, payButton, payInCardFrame, STEP_MS, widget } from '../harness/shopper';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { formAction, hiddenInputs } from '../../sandbox/testing/gatewayCalls';
import { BULK_ENV } from '../../server/testing/makeOrders';
import { callJson, paymentBody, createSession, BR_ORDER } from '../../testing/shopClient';
import { startBackend, type Backend } from '../../server/testing/startBackend';
import { startPageServer, type PageServer } from './lib/pageServer';

/** Breaks out of an attribute, a text node, a script or a comment; sets a flag if any of it ever runs. */
const LONG = `"'></textarea></script><script>window.__xss=1</script><img src=x onerror=window.__xss=2><!--`;
/** The same idea within 20 characters (postal codes). */
const SHORT = `"'><svg onload=x()>`;
const payloadFor = (max: number) => (max >= LONG.length ? LONG : SHORT.slice(0, max));

/** Every free-text field of the payment call, with its length limit (shared/contract/payment.ts). */
const SHOPPER_TEXT: Record<string, number> = {
  first_name: 100,
  last_name: 100,
  document: 50,
  'billing.state': 100,
  'billing.city': 100,
  'billing.address': 300,
  'billing.postal_code': 20,
  'billing.complement': 100,
  'billing.district': 100,
  'delivery.state': 100,
  'delivery.city': 100,
  'delivery.address': 300,
  'delivery.postal_code': 20,
};
const DEVICE_TEXT: Record<string, number> = {
  os: 100,
  browser: 500,
  cookie_new: 1000,
  cookie_old: 1000,
  device_fingerprint: 128,
  user_agent: 500,
  time_zone_name: 64,
  screening_token_cookie: 500,
};

function set(target: Record<string, any>, path: string, value: string): void {
  const keys = path.split('.');
  let o = target;
  for (const k of keys.slice(0, -1)) o = o[k] ??= {};
  o[keys[keys.length - 1]!] = value;
}

/** A payment body with a payload in every free-text field the shopper sends. */
function injectedPayment(clientSecret: string, method: string): Record<string, any> {
  const body = paymentBody(clientSecret, method) as Record<string, any>;
  body.shopper.delivery = { country: 'BR', state: 'SP', city: 'x', address: 'x', postal_code: 'x' };
  for (const [path, max] of Object.entries(SHOPPER_TEXT)) set(body.shopper, path, payloadFor(max));
  for (const [path, max] of Object.entries(DEVICE_TEXT)) set(body.device, path, payloadFor(max));
  return body;
}

/** What the shop sends on the shopper's behalf: cart lines, notes, its site name, the prefill. */
const INJECTED_SESSION = {
  amount: '20.00',
  currency: 'USD',
  items: [{ name: LONG, sku: SHORT, unit_price: '20.00', quantity: 1 }],
  note: LONG,
  custom: LONG,
  website: LONG,
  shopper_id: 'shopper-1',
  shopper: { first_name: LONG, last_name: LONG, billing: { city: LONG, address: LONG, postal_code: SHORT } },
  metadata: { label: LONG },
};

/** The page must carry no payload as markup: every one of its `<`, `"` and `'` is escaped wherever it lands. */
function expectEscaped(html: string, where: string): void {
  for (const raw of [LONG, SHORT, '<script>window.__xss', '<img src=x onerror', '<svg onload'])
    expect(html.includes(raw), `${where} echoes ${raw} unescaped`).toBe(false);
}

let sandbox: RunningSandbox;
let shop: PageServer;
let backend: Backend;
beforeAll(async () => {
  [sandbox, shop] = await Promise.all([startSandboxProcess(), startPageServer('localhost')]);
  backend = await startBackend({ gatewayUrl: sandbox.url, allowedOrigins: [shop.origin], env: BULK_ENV });
});
afterAll(async () => {
  await backend?.close();
  await Promise.all([shop?.close(), sandbox?.close()]);
});

describe('server-rendered pages', () => {
  it('the card frame (our origin), the hosted card page and the result page escape every field', async () => {
    const session = await createSession(backend.url, { ...INJECTED_SESSION, country: undefined }, BR_ORDER);
    const pay = await callJson(`${backend.url}/api/sessions/${session.id}/payments`, {
      body: injectedPayment(session.client_secret, 'card'),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const frame = await fetch(pay.body.action.url);
    const loading = await frame.text();
    expectEscaped(loading, 'the card frame');
    // the payloads did reach the page, as values: a check that passed because nothing was echoed would prove nothing
    const inputs = hiddenInputs(loading);
    expect(Object.values(inputs)).toContain(LONG);
    expect(Object.values(inputs)).toContain(SHORT);
    // and only the page's own script is there to run (the frame's CSP allows inline scripts by their hash)
    expect(loading.match(/<script\b/gi)).toHaveLength(1);

    const cardPage = await fetch(formAction(loading), {
      method: 'POST',
      body: new URLSearchParams(inputs),
      redirect: 'manual',
    });
    const card = await cardPage.text();
    expect(cardPage.status).toBe(200);
    expectEscaped(card, 'the hosted card page');
    const done = await fetch(formAction(card), {
      method: 'POST',
      body: new URLSearchParams({
        ...hiddenInputs(card),
        holder: LONG,
        card_number: '4242424242424242',
        expiry: '12/39',
        cvv: '123',
        action: 'pay',
      }),
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    const result = await fetch(done.headers.get('location')!, { redirect: 'manual' });
    expectEscaped(await result.text(), 'the result page');
  });

  it("the issuer page escapes the shop's site name and the shopper's fields", async () => {
    const session = await createSession(backend.url, { ...INJECTED_SESSION, currency: 'BRL', country: 'BR' }, BR_ORDER);
    const pay = await callJson(`${backend.url}/api/sessions/${session.id}/payments`, {
      body: injectedPayment(session.client_secret, 'pix'),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const page = await (await fetch(pay.body.action.url)).text();
    expectEscaped(page, 'the issuer page');
    expect(page).toContain('&lt;/textarea&gt;');
  });

  it('the messages the backend renders itself never echo the request', async () => {
    for (const path of [
      `/pay/return/${encodeURIComponent(LONG)}`,
      `/pay/frame/${encodeURIComponent(LONG)}`,
      `/pay/return/x?order_no=${encodeURIComponent(LONG)}&message=${encodeURIComponent(LONG)}`,
    ]) {
      expectEscaped(await (await fetch(`${backend.url}${path}`)).text(), path);
    }
  });
});

describe('in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(() => releaseBrowser(browser));

  /** Every frame of the page: no injected script has run there (cross-origin frames are asked directly). */
  async function expectNoScriptRan(page: Page, dialogs: string[], where: string): Promise<void> {
    expect(dialogs, `${where}: dialogs`).toEqual([]);
    for (const frame of page.frames()) {
      if (frame.url().startsWith('chrome-error:') || frame.url() === 'about:blank') continue;
      const flag = await frame.evaluate(() => (window as unknown as { __xss?: number }).__xss).catch(() => undefined);
      expect(flag, `${where}: ${frame.url()}`).toBeUndefined();
    }
  }

  it('the widget shows the injected prefill and cart as text, the shopper types more, pays by card; the owner opens the order', async () => {
    const session = await createSession(backend.url, { ...INJECTED_SESSION, country: 'BR' }, BR_ORDER);
    shop.setPage(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>shop</title><script src="${backend.url}/widget.js" async></script></head>
<body><div id="checkout" data-checkout-session="${session.id}" data-client-secret="${session.client_secret}" data-locale="en"></div></body></html>`);
    const context = await browser.newContext({ locale: 'en-US' });
    context.setDefaultTimeout(STEP_MS);
    try {
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto(`${shop.origin}/`);
      const root = widget(page);
      await root.locator('form.ck-form').waitFor();
      // the cart line's name is shown as text
      expect(await root.innerText()).toContain('<script>window.__xss=1</script>');
      await expectNoScriptRan(page, dialogs, 'the widget with the injected session');

      await fillShopper(root, 'card', {
        first_name: LONG,
        last_name: LONG,
        'billing.address': LONG,
        'billing.city': LONG,
        'billing.postal_code': SHORT,
      });
      await payButton(root).click();
      await payInCardFrame(cardFrame(root), '4242424242424242');
      await root.locator('.ck-status[data-outcome]').waitFor();
      await expectNoScriptRan(page, dialogs, 'the payment, card frame included');

      const owner = await context.newPage();
      owner.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await signIn(owner, backend.url, await addPerson(backend, { email: 'owner@injection.test', role: 'owner' }));
      await findOrder(owner, session.order_no);
      // what the shopper typed is on the order's page, as text (the payment order sent is in the technical details)
      await owner.getByText('Technical details').click();
      await owner.getByText(LONG).first().waitFor();
      await expectNoScriptRan(owner, dialogs, "the owner's order page");
      await owner.getByRole('link', { name: 'Audit log of this order' }).click();
      await owner.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
      await owner.getByRole('table').waitFor();
      await expectNoScriptRan(owner, dialogs, "the owner's audit log");
    } finally {
      await context.close();
    }
  }, 90_000);
});
