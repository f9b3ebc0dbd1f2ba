/**
 * The fields the widget collects reach the gateway: a shopper pays by card in a real Chromium on a shop page of
 * another origin, and the test reads back what the gateway holds, both through the gateway's own query
 * (`/v1/retrievalTrans`, signed like the backend's) and through the sandbox's record of the request it received,
 * and compares each field with what the browser itself reports.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DEFAULTS } from '../server/config';
import { createGatewayClient } from '../server/gateway';
import type { CreateSessionResponse } from '../shared/contract/session';
import { challengeWindowSize } from '../widget/device/challengeWindowSize';
import { orderIn, paymentMethods, putPaymentMethods } from '../testing/adminClient';
import { expectNoCspViolations } from './harness/expectations';
import { sandboxApi } from '../testing/sandboxApi';
import {
  CARDS,
  SHOPPER,
  cardFrame,
  expectOutcome,
  fillShopper,
  payButton,
  payInCardFrame,
  widget,
} from './harness/shopper';
import { shopCsp } from './harness/startShopServer';
import { useSystem } from './harness/useSystem';

/**
 * The shop's checkout page, served from loopback like a real shop (Chromium lets only a loopback page call a
 * loopback backend) and visited as `localhost`, another origin than the backend's 127.0.0.1. Its origin must be
 * among the backend's ALLOWED_ORIGINS when the backend starts: this beforeAll is registered before
 * useSystem's, so it runs first and fills in `backendEnv`, which useSystem reads when it starts the system.
 */
let pageServer: Server | undefined;
let shopOrigin = '';
const backendEnv: Record<string, string> = {};
beforeAll(async () => {
  pageServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', shopOrigin);
    if (url.pathname !== '/checkout') return void res.writeHead(404).end();
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': shopCsp(env.system.backend.url, env.system.sandbox.url),
    });
    res.end(shopPage(url.searchParams.get('session') ?? '', url.searchParams.get('secret') ?? ''));
  });
  await new Promise<void>((resolve) => pageServer!.listen(0, '127.0.0.1', resolve));
  shopOrigin = `http://localhost:${(pageServer.address() as AddressInfo).port}`;
  backendEnv.ALLOWED_ORIGINS = shopOrigin;
});
afterAll(() => new Promise<void>((resolve) => (pageServer ? pageServer.close(() => resolve()) : resolve())));

const env = useSystem({ name: 'fields', backendEnv });

/** A session as a shop's server sends it, with the fields of the payment order only it knows. */
const SESSION = {
  amount: '33.00',
  currency: 'USD',
  items: [
    { name: 'T-shirt', sku: 'TS-1', unit_price: '12.50', quantity: 2, category: 'apparel' },
    { name: 'Mug', sku: 'MG-1', unit_price: '8.00', quantity: 1, category: 'kitchen' },
  ],
  country: 'BR',
  shopper_id: 'cust-e2e',
  shopper_level: 'gold',
  website: 'Fields Shop',
  platform_source: 'custom',
  subscription: {
    contract_name: 'Mug club',
    contract_amount: '33.00',
    interval: 'month',
    interval_count: 1,
    billing_cycle: 12,
  },
  allow_save_card: true,
};

async function createSession(): Promise<CreateSessionResponse> {
  const res = await fetch(`${env.system.backend.url}/api/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${env.system.shopSecret}` },
    body: JSON.stringify(SESSION),
  });
  if (res.status !== 201) throw new Error(`session not created: ${res.status} ${await res.text()}`);
  return (await res.json()) as CreateSessionResponse;
}

/** The shop's checkout page under the shop's CSP, naming its fraud-screening cookie (ids are URL-safe). */
function shopPage(sessionId: string, clientSecret: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fields shop</title>
<script src="${env.system.backend.url}/widget.js" async></script></head>
<body><div id="checkout" data-checkout-session="${encodeURIComponent(sessionId)}" data-client-secret="${encodeURIComponent(clientSecret)}" data-locale="en" data-screening-cookie="rsk_token"></div></body></html>`;
}

describe('the fields the widget collects reach the gateway', () => {
  it('device, shopper and card choices arrive as the browser gave them; the gateway answers the subscription', async () => {
    const { context, page, csp } = await env.open({ viewport: { width: 700, height: 900 } });
    const origin = shopOrigin;
    // the gateway does not require an address or a phone for a card; this shop's card method asks for both, so
    // the form shows them and they must reach the gateway as typed
    const { methods } = await paymentMethods(env.system.backend.url);
    await putPaymentMethods(
      env.system.backend.url,
      methods.map((m) => (m.kind === 'card' ? { ...m, fields: ['billing_address', 'phone'] } : m)),
    );
    const session = await createSession();
    // the shop's screening provider has set its cookie on the shop's domain
    await context.addCookies([{ name: 'rsk_token', value: 'scr-e2e-123', url: origin }]);
    await page.goto(
      `${origin}/checkout?${new URLSearchParams({ session: session.id, secret: session.client_secret })}`,
    );
    const root = widget(page);
    await root.locator('form.ck-form').waitFor();
    // the session's subscription is shown before paying
    expect(await root.locator('.ck-subscription').innerText()).toContain('Mug club');

    await fillShopper(root, 'card');
    await root.locator('[name="installments"]').selectOption('6');
    await root.locator('[name="save_card"]').check();
    const browser = await page.evaluate(() => {
      // the element the widget measures: the flow around the form, where the card frame will show
      const form = document.querySelector('form.ck-form')!.parentElement!;
      return {
        userAgent: navigator.userAgent,
        language: navigator.language,
        resolution: `${screen.width}x${screen.height}`,
        colorDepth: screen.colorDepth,
        timeZone: String(-new Date().getTimezoneOffset() / 60),
        frame: { width: form.clientWidth, height: window.innerHeight },
      };
    });
    const before = Math.floor(Date.now() / 1000);
    await payButton(root).click();
    await payInCardFrame(cardFrame(root), CARDS.approved);
    await expectOutcome(root, 'paid');
    expectNoCspViolations(csp);
    const order = await orderIn(env.system.backend, session.order_no, 'authorised');
    const gatewayOrderNo = String(order.attempts[0]!.gateway_order_no);

    // what the gateway received, as its record of the request shows it
    const [tx] = await sandboxApi(env.system.sandbox.url).transactions(gatewayOrderNo);
    const sent = tx!.request as Record<string, unknown>;
    expect(sent).toMatchObject({
      // the browser
      os: 'Linux',
      browser: browser.userAgent,
      user_agent: browser.userAgent,
      browser_lang: browser.language,
      time_zone: browser.timeZone,
      resolution: browser.resolution,
      color_depth: String(browser.colorDepth),
      device_type: 'desktop',
      challenge_window_size: challengeWindowSize(browser.frame.width, browser.frame.height),
      screening_token_cookie: 'scr-e2e-123',
      cookie_new: expect.stringMatching(/^ck_did=[\w-]+&ck_seen=\d+$/),
      device_fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
      // the shopper
      first_name: SHOPPER.first_name,
      last_name: SHOPPER.last_name,
      shopper_email: SHOPPER.email,
      shopper_phone: SHOPPER.phone,
      billing_country: SHOPPER['billing.country'],
      billing_city: SHOPPER['billing.city'],
      billing_address: SHOPPER['billing.address'],
      billing_postal_code: SHOPPER['billing.postal_code'],
      delivery_city: SHOPPER['billing.city'],
      installments: '6',
      installments_id: 'INST-6',
      token_flag: 'YES',
      // the request and the shop
      shopper_ip: '127.0.0.1',
      accept_header: expect.stringContaining('json'),
      website: 'Fields Shop',
      storefront_domains: new URL(origin).host,
      shopper_id: 'cust-e2e',
      shopper_level: 'gold',
      platform_source: 'custom',
      order_type: 'WEB',
      open3d: 'do3DS',
    });
    // the frame has room for a window: not full screen in a 700x900 page
    expect(sent.challenge_window_size).not.toBe('05');
    // a first visit has no earlier device cookie: cookie_old is empty, so it is left out
    expect(sent).not.toHaveProperty('cookie_old');
    const checkoutTime = Number(sent.checkout_time);
    expect(checkoutTime).toBeGreaterThanOrEqual(before - 5);
    expect(checkoutTime).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));

    // what the gateway answers about the order, through its own signed query
    const gateway = createGatewayClient({
      baseUrl: env.system.sandbox.url,
      merchantId: DEMO_DEFAULTS.MERCHANT_ID,
      accountId: DEMO_DEFAULTS.ACCOUNT_ID,
      signKey: env.system.signKey,
    });
    const [record] = await gateway.query({ orders: [gatewayOrderNo] });
    expect(record).toMatchObject({
      query_result: '1',
      payment_status: '2000',
      website: 'Fields Shop',
      shopper_email: SHOPPER.email,
      shopper_phone: SHOPPER.phone,
      delivery_information: {
        delivery_city: SHOPPER['billing.city'],
        delivery_firstname: SHOPPER.first_name,
        delivery_postal_code: SHOPPER['billing.postal_code'],
      },
      subscription_result: { contract_name: 'Mug club', recurring_status: '1', recurring_deduction_period: '1 month' },
    });

    // the owner sees the same: what was sent, and the gateway's subscription result
    expect(order.attempts[0]!.payment_order).toMatchObject({
      challenge_window_size: sent.challenge_window_size,
      screening_token_cookie: 'scr-e2e-123',
      installments: '6',
    });
    expect((order as unknown as { subscription_result: unknown }).subscription_result).toMatchObject({
      recurring_id: (record!.subscription_result as Record<string, string>).recurring_id,
    });
  });
});
