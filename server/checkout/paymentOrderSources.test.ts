import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { admin } from '../../testing/adminClient';
import { sandboxApi } from '../../testing/sandboxApi';
import { payByCard } from '../gateway/testing/playShopper';
import { sentOrdersOf } from '../orders/attemptOrders';
import { cardTokenSeal } from '../store/cardTokenSeal';
import { listSavedCards, saveCardToken } from './savedCards';
import { callJson, createSession, paymentBody, postSession } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { applyQueryRecord } from '../orders/applyQueryRecord';

const SHOP = 'http://shop.test';
const AUTO_CAPTURE = { ACCOUNT_ID: '701001020', SIGN_KEY: 'sk_sandbox_701001020' };

/** What the shop's server can say beyond the cart (everything of the gateway's payment order it is the source of). */
const EXTRAS = {
  shopper_id: 'cust-42',
  shopper_level: 'gold',
  website: 'Demo Shop',
  platform_source: 'custom',
  storefront_domains: 'shop.test',
  account_owner: {
    account_id: 'acc-42',
    created: 1600000000,
    past_orders_count: 3,
    past_orders_sum: '99.90',
    lastLogin_ip: '198.51.100.4',
  },
  total_discount: [{ coupon_code_used: 'WELCOME', discount_type: 'percent' }],
  subscription: {
    contract_name: 'Mug club',
    contract_amount: '33.00',
    interval: 'month',
    interval_count: 1,
    billing_cycle: 12,
  },
  quote_id: 'q-1',
  quote_price: '33.00',
  allow_save_card: true,
};

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('payment order sources, end to end through the backend', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: AUTO_CAPTURE });
  });
  afterAll(() => backend?.close());

  const pay = (
    sessionId: string,
    body: unknown,
    key: string,
    on: Backend = backend,
    headers: Record<string, string> = {},
  ) =>
    callJson(`${on.url}/api/sessions/${sessionId}/payments`, {
      body,
      headers: { 'Idempotency-Key': key, Origin: SHOP, Accept: 'application/json', ...headers },
    });
  const view = (s: { id: string; client_secret: string }) =>
    callJson(`${backend.url}/api/sessions/${s.id}`, { headers: { 'X-Client-Secret': s.client_secret } });
  const attemptOf = (sessionId: string) =>
    backend.store.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();

  it('shows the widget the subscription terms, the installments and "save my card"', async () => {
    const s = await createSession(backend, EXTRAS);
    const { body } = await view(s);
    expect(body.subscription).toEqual({
      contract_name: 'Mug club',
      contract_amount: '33.00',
      interval: 'month',
      interval_count: 1,
      billing_cycle: 12,
    });
    const card = body.methods.find((m: { id: string }) => m.id === 'card');
    expect(card).toMatchObject({ installments: [3, 6, 12], save_card: true });
    expect(card).not.toHaveProperty('saved_cards');
    // a session that does not allow saving, or has no shopper to save for, does not offer it
    const plain = await createSession(backend);
    expect((await view(plain)).body.methods.find((m: { id: string }) => m.id === 'card')).not.toHaveProperty(
      'save_card',
    );
    expect((await view(plain)).body).not.toHaveProperty('subscription');
  });

  it('sends the shop, shopper, browser, request and configuration fields; the gateway receives them; the owner sees them masked', async () => {
    const s = await createSession(backend, EXTRAS);
    const device = {
      ...paymentBody('', 'card').device,
      challenge_window_size: '04',
      screening_token_cookie: 'scr-1',
      checkout_time: 1735689600,
    };
    // a forwarded-for header is the client's own word when no proxy in front is trusted: not the shopper's IP
    const res = await pay(
      s.id,
      {
        ...paymentBody(s.client_secret, 'card', { device, installments: 6, save_card: true }),
        shopper: { ...paymentBody('', 'card').shopper, document: '12345678909' },
      },
      'sources-1',
      backend,
      { 'X-Forwarded-For': '203.0.113.9' },
    );
    expect(res.status).toBe(200);
    const attempt = await attemptOf(s.id);

    const tx = await sandboxApi(sandbox.url).transaction(attempt.gateway_order_no);
    expect(tx.request).toMatchObject({
      website: 'Demo Shop',
      shopper_id: 'cust-42',
      shopper_level: 'gold',
      platform_source: 'custom',
      storefront_domains: 'shop.test',
      quote_id: 'q-1',
      quote_price: '33.00',
      installments: '6',
      installments_id: 'INST-6',
      token_flag: 'YES',
      order_type: 'WEB',
      open3d: 'do3DS',
      challenge_window_size: '04',
      screening_token_cookie: 'scr-1',
      checkout_time: '1735689600',
      shopper_ip: '127.0.0.1',
      accept_header: 'application/json',
      session_id: s.id,
      total_discount: [{ coupon_code_used: 'WELCOME', discount_type: 'percent' }],
      account_owner: [
        {
          account_id: 'acc-42',
          created: 1600000000,
          past_orders_count: 3,
          past_orders_sum: 99.9,
          lastLogin_ip: '198.51.100.4',
        },
      ],
      subscription: {
        contract_name: 'Mug club',
        contract_amount: '33.00',
        interval: 'month',
        interval_count: '1',
        billing_cycle: 12,
      },
      cart_items: [
        {
          basic_item_data: {
            name: 'T-shirt',
            quantity: '2',
            price: { amount_usd: 12.5, amount_local_currency: 12.5, currency: 'USD' },
            productId: 'TS-1',
          },
        },
        {
          basic_item_data: {
            name: 'Mug',
            quantity: '1',
            price: { amount_usd: 8, amount_local_currency: 8, currency: 'USD' },
            productId: 'MG-1',
          },
        },
      ],
    });

    // the owner's "what did we send?": the same order, the document masked
    const detail = await admin(backend, `/orders/${s.order_no}`);
    expect(detail.status).toBe(200);
    const sent = detail.body.attempts[0].payment_order;
    expect(sent).toMatchObject({
      order_no: attempt.gateway_order_no,
      installments: '6',
      token_flag: 'YES',
      website: 'Demo Shop',
      document: '***8909',
    });
    expect(JSON.stringify(detail.body)).not.toContain('12345678909');
  });

  it('takes shopper_ip from X-Forwarded-For only behind the configured number of trusted proxies', async () => {
    const proxied = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: { ...AUTO_CAPTURE, TRUSTED_PROXY_HOPS: '1' },
    });
    try {
      const s = await createSession(proxied);
      // the client forged the first entry; the one trusted proxy appended the address it saw
      const res = await pay(s.id, paymentBody(s.client_secret, 'card'), 'sources-proxy', proxied, {
        'X-Forwarded-For': '10.6.6.6, 203.0.113.9',
      });
      expect(res.status).toBe(200);
      const attempt = await proxied.store.db
        .selectFrom('payment_attempts')
        .selectAll()
        .where('session_id', '=', s.id)
        .executeTakeFirstOrThrow();
      expect((await sandboxApi(sandbox.url).transaction(attempt.gateway_order_no)).request.shopper_ip).toBe(
        '203.0.113.9',
      );
    } finally {
      await proxied.close();
    }
  });

  it('keeps the gateway subscription_result of a paid subscription for the admin API', async () => {
    const s = await createSession(backend, EXTRAS);
    const res = await pay(s.id, paymentBody(s.client_secret, 'card'), 'sources-sub');
    // the payment's notifications are dropped, so that the order is paid by the return's query (a notification
    // that came first would settle it, and the return would ask nothing)
    await sandboxApi(sandbox.url).addFault({
      endpoint: 'notify',
      order_no: (await attemptOf(s.id)).gateway_order_no,
      fault: { kind: 'drop' },
    });
    const html = await (await fetch(res.body.action.url)).text();
    const returned = await payByCard(html, '4242424242424242');
    // the return confirms by query, whose record carries the subscription's result
    expect((await fetch(returned.returnUrl, { redirect: 'manual' })).status).toBe(200);
    const detail = await admin(backend, `/orders/${s.order_no}`);
    expect(detail.body.status).toBe('paid');
    expect(detail.body.subscription_result).toMatchObject({
      contract_name: 'Mug club',
      recurring_id: expect.stringMatching(/^S/),
      recurring_status: '1',
      recurring_deduction_period: '1 month',
      recurring_deduction_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(detail.body.attempts[0].subscription_result).toEqual(detail.body.subscription_result);
  });

  it('refuses card choices the session or method does not offer, naming the field', async () => {
    const s = await createSession(backend, EXTRAS);
    const five = await pay(s.id, paymentBody(s.client_secret, 'card', { installments: 5 }), 'sources-2');
    expect(five.status).toBe(400);
    expect(five.body.error.fields).toEqual([{ path: 'installments', message: 'is not offered for card' }]);

    const plain = await createSession(backend, { shopper_id: 'cust-43' });
    const save = await pay(plain.id, paymentBody(plain.client_secret, 'card', { save_card: true }), 'sources-3');
    expect(save.status).toBe(400);
    expect(save.body.error.fields).toEqual([{ path: 'save_card', message: 'is not offered for this payment' }]);

    // another shopper's saved card is not this shopper's
    await saveCardToken(
      backend.store.db,
      cardTokenSeal(backend.config.tokenKey),
      { shopperId: 'cust-other', tokenId: 'tok_other', label: null, attemptId: 'att_other' },
      new Date().toISOString(),
    );
    const [other] = await listSavedCards(backend.store.db, 'cust-other');
    const stolen = await pay(s.id, paymentBody(s.client_secret, 'card', { saved_card: other!.id }), 'sources-4');
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.fields).toEqual([{ path: 'saved_card', message: 'is not a saved card of this shopper' }]);
    // nothing of the refused attempts reached the gateway
    expect(
      await backend.store.db
        .selectFrom('payment_attempts')
        .select('id')
        .where('session_id', 'in', [s.id, plain.id])
        .execute(),
    ).toEqual([]);
  });

  it("pays with the shopper's own saved card: its token goes as token_id, the browser only ever sees our id", async () => {
    // the gateway refuses a token it did not issue: cust-44 first pays with "save my card" ticked
    const saving = await createSession(backend, { ...EXTRAS, shopper_id: 'cust-44' });
    const first = await pay(saving.id, paymentBody(saving.client_secret, 'card', { save_card: true }), 'sources-5a');
    const returned = await payByCard(await (await fetch(first.body.action.url)).text(), '4242424242424242');
    expect((await fetch(returned.returnUrl, { redirect: 'manual' })).status).toBe(200);
    // saved from a query answer: the return's, or the one the notification leads to, which may still be on its way
    const sealed = await vi.waitFor(async () => {
      const [saved] = await listSavedCards(backend.store.db, 'cust-44');
      expect(saved).toBeDefined();
      return saved!.token_sealed!;
    });
    const tokenId = cardTokenSeal(backend.config.tokenKey).open(sealed);
    const s = await createSession(backend, { ...EXTRAS, shopper_id: 'cust-44' });
    const card = (await view(s)).body.methods.find((m: { id: string }) => m.id === 'card');
    expect(card.saved_cards).toEqual([{ id: expect.stringMatching(/^card_/), label: 'Visa •••• 4242' }]);
    expect(JSON.stringify(card)).not.toContain(tokenId);
    const res = await pay(
      s.id,
      paymentBody(s.client_secret, 'card', { saved_card: card.saved_cards[0].id }),
      'sources-5',
    );
    expect(res.status).toBe(200);
    const attempt = await attemptOf(s.id);
    expect((await sandboxApi(sandbox.url).transaction(attempt.gateway_order_no)).request).toMatchObject({
      token_id: tokenId,
      token_flag: 'NO',
    });
    expect((await sentOrdersOf(backend.store.db, [attempt.id])).get(attempt.id)?.payment_order.token_id).toBe(
      `***${tokenId.slice(-4)}`,
    );
  });

  it('keeps a token the gateway returns for a payment the shopper asked to save, once, and only then', async () => {
    const saving = await createSession(backend, { ...EXTRAS, shopper_id: 'cust-45' });
    await pay(saving.id, paymentBody(saving.client_secret, 'card', { save_card: true }), 'sources-6');
    const notSaving = await createSession(backend, { ...EXTRAS, shopper_id: 'cust-46' });
    await pay(notSaving.id, paymentBody(notSaving.client_secret, 'card'), 'sources-7');
    for (const s of [saving, notSaving]) {
      const attempt = await attemptOf(s.id);
      // a record as the gateway answers it for a saved card (keepRecordExtras.test.ts plays it through the sandbox)
      const record = {
        query_result: '1',
        order_no: attempt.gateway_order_no,
        amount: '33.00',
        currency: 'USD',
        transaction_id: 'T-tok',
        payment_status: '3000',
        token_id: 'tok_new',
      };
      await applyQueryRecord(backend.deps, attempt, record);
      await applyQueryRecord(backend.deps, attempt, record);
    }
    const seal = cardTokenSeal(backend.config.tokenKey);
    expect((await listSavedCards(backend.store.db, 'cust-45')).map((c) => seal.open(c.token_sealed!))).toEqual([
      'tok_new',
    ]);
    expect(await listSavedCards(backend.store.db, 'cust-46')).toEqual([]);
  });

  it('refuses session extras that are malformed or inconsistent', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ allow_save_card: true }, 'allow_save_card'],
      [
        { subscription: { ...EXTRAS.subscription, contract_start: '2025-02-01', contract_end: '2025-01-01' } },
        'subscription.contract_end',
      ],
      [{ subscription: { ...EXTRAS.subscription, contract_amount: '33.5' } }, 'subscription.contract_amount'],
      [{ subscription: { ...EXTRAS.subscription, interval: 'fortnight' } }, 'subscription.interval'],
      [{ account_owner: { lastLogin_ip: '999.1.1.1' } }, 'account_owner.lastLogin_ip'],
      [{ fx_rate_usd: '-1' }, 'fx_rate_usd'],
      [{ fx_rate_usd: '0.000' }, 'fx_rate_usd'],
      [{ items: [{ name: 'Cap', sku: 'C', unit_price: '33.00', quantity: 1, price_usd: '6.1' }] }, 'items.0.price_usd'],
    ];
    for (const [extra, path] of cases) {
      const res = await postSession(backend, { amount: '33.00', currency: 'USD', ...extra });
      expect(res.status, path).toBe(400);
      expect(
        res.body.error.fields.map((f: { path: string }) => f.path),
        path,
      ).toContain(path);
    }
  });
});
