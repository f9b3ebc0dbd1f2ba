import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { payByCard, pressIssuerButton } from '../../gateway/testing/playShopper';
import { FRAME_SCRIPT_HASH } from '../renderFramePage';
import { faultyGatewayFetch } from '../../testing/faultyGatewayFetch';
import { callJson, createSession, paymentBody } from '../../../testing/shopClient';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';

const SHOP = 'http://shop.test';
// the sandbox's auto-capture twin of the demo account: an approved card goes straight to paid (3000)
const AUTO_CAPTURE = { ACCOUNT_ID: '701001020', SIGN_KEY: 'sk_sandbox_701001020' };

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('payments against the sandbox', (store) => {
  let backend: Backend;
  let quiet: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: AUTO_CAPTURE });
    // the gateway's notifications never reach this one: only the return (and its query) can settle a payment
    quiet = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: AUTO_CAPTURE,
      gatewayFetch: faultyGatewayFetch({ dropNotifications: true }).fetch,
    });
  });
  afterAll(async () => {
    await backend?.close();
    await quiet?.close();
  });

  const pay = (b: Backend, sessionId: string, body: unknown, key: string, headers: Record<string, string> = {}) =>
    callJson(`${b.url}/api/sessions/${sessionId}/payments`, {
      body,
      headers: { 'Idempotency-Key': key, Origin: SHOP, ...headers },
    });
  const orderOf = (b: Backend, sessionId: string) =>
    b.store.db.selectFrom('orders').selectAll().where('session_id', '=', sessionId).executeTakeFirstOrThrow();
  const attemptsOf = (b: Backend, sessionId: string) =>
    b.store.db.selectFrom('payment_attempts').selectAll().where('session_id', '=', sessionId).orderBy('seq').execute();
  /** What the gateway itself recorded: requests received for an order, and the transaction with its request. */
  const requestsAtGateway = async (endpoint: string, orderNo: string) =>
    (
      (await (
        await fetch(
          `${sandbox.url}/sandbox/requests/count?endpoint=${endpoint}&order_no=${encodeURIComponent(orderNo)}`,
        )
      ).json()) as { count: number }
    ).count;
  const transactionAtGateway = async (orderNo: string) =>
    (
      (await (await fetch(`${sandbox.url}/sandbox/transactions?order_no=${encodeURIComponent(orderNo)}`)).json()) as {
        transactions: any[];
      }
    ).transactions;
  const gatewayCalls = (b: Backend, operation: string, orderNo: string) =>
    b.store.db
      .selectFrom('audit_events')
      .selectAll()
      .where('kind', '=', 'gateway_call')
      .where('order_no', '=', orderNo)
      .where('summary', 'like', `${operation} %`)
      .execute();

  it('card: iFrame page served once, paid at the gateway, result posted to the shop origin on return', async () => {
    const s = await createSession(quiet);
    const res = await pay(quiet, s.id, paymentBody(s.client_secret, 'card'), 'card-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ payment_id: expect.stringMatching(/^pay_/), action: { type: 'iframe' } });
    expect(res.body.action.url).toMatch(new RegExp(`^${quiet.url}/pay/frame/[A-Za-z0-9_-]{43}$`));

    const frame = await fetch(res.body.action.url);
    expect(frame.status).toBe(200);
    const csp = frame.headers.get('content-security-policy')!;
    expect(csp).toContain(`frame-ancestors ${quiet.url} ${SHOP}`);
    expect(csp).toContain(`form-action ${new URL(sandbox.url).origin}`);
    // only our constant auto-submit may run, and the page has an opaque origin: no cookies, no storage, and a
    // message it posts does not come from the backend's origin
    expect(csp).toContain(`script-src ${FRAME_SCRIPT_HASH};`);
    expect(csp).toMatch(/; sandbox allow-forms allow-scripts(;|$)/);
    const html = await frame.text();
    expect((await fetch(res.body.action.url)).status).toBe(410);

    const returned = await payByCard(html, '4242424242424242');
    expect(returned.returnUrl.toString()).toContain(`${quiet.url}/pay/return/${res.body.payment_id}?`);
    const page = await fetch(returned.returnUrl, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const text = await page.text();
    const data = JSON.parse(/<script type="application\/json" id="checkout-result">([^<]*)<\/script>/.exec(text)![1]!);
    expect(data).toEqual({
      origin: SHOP,
      message: {
        source: 'checkout',
        type: 'result',
        payment_id: res.body.payment_id,
        order_no: s.order_no,
        status: 'paid',
        message: '0000:Approved',
      },
    });
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${quiet.url} ${SHOP}`);
    expect(await orderOf(quiet, s.id)).toMatchObject({
      status: 'paid',
      payment_status: '3000',
      transaction_id: expect.any(String),
    });
    const view = await callJson(`${quiet.url}/api/sessions/${s.id}`, {
      headers: { 'X-Client-Secret': s.client_secret },
    });
    expect(view.body).toMatchObject({ status: 'paid', payment: { payment_id: res.body.payment_id, status: 'paid' } });
  });

  it('card: paid by the notification alone, with the amount of the session', async () => {
    const s = await createSession(backend, { amount: '12.34', items: undefined });
    const res = await pay(backend, s.id, paymentBody(s.client_secret, 'card'), 'card-2');
    const html = await (await fetch(res.body.action.url)).text();
    await payByCard(html, '4242424242424242'); // the shopper never comes back
    const order = await vi.waitFor(
      async () => {
        const o = await orderOf(backend, s.id);
        expect(o.status, 'the order to be paid').toBe('paid');
        return o!;
      },
      { timeout: 10_000 },
    );
    expect(order.payment_status).toBe('3000');
    const [attempt] = await attemptsOf(backend, s.id);
    const [record] = await backend.deps.gateway.query({ orders: [attempt!.gateway_order_no] });
    expect(record).toMatchObject({ amount: '12.34', currency: 'USD', payment_status: '3000' });
  });

  it('card: a declined card can be retried under a new gateway order_no, and a paid order cannot be paid again', async () => {
    const s = await createSession(quiet);
    const first = await pay(quiet, s.id, paymentBody(s.client_secret, 'card'), 'try-1');
    const declined = await payByCard(await (await fetch(first.body.action.url)).text(), '4000000000000002');
    expect((await fetch(declined.returnUrl)).status).toBe(200);
    // settled by the return's query (no notification reaches `quiet`): the shopper still learns why
    expect(await orderOf(quiet, s.id)).toMatchObject({ status: 'declined', message: '4000:Do not honor' });
    // the widget gets a reason to translate and the code for the shop's logs, not just the gateway's English
    const view = await callJson(`${quiet.url}/api/sessions/${s.id}`, {
      headers: { 'X-Client-Secret': s.client_secret },
    });
    expect(view.body.payment).toEqual({
      payment_id: first.body.payment_id,
      status: 'declined',
      method: 'card',
      reason: 'declined',
      code: '4000',
      message: '4000:Do not honor',
    });

    const second = await pay(quiet, s.id, paymentBody(s.client_secret, 'card'), 'try-2');
    expect(second.status).toBe(200);
    const paid = await payByCard(await (await fetch(second.body.action.url)).text(), '4242424242424242');
    await fetch(paid.returnUrl);
    const attempts = await attemptsOf(quiet, s.id);
    expect(attempts.map((a) => [a.gateway_order_no, a.status])).toEqual([
      [`${s.order_no}-1`, 'declined'],
      [`${s.order_no}-2`, 'paid'],
    ]);
    expect((await orderOf(quiet, s.id)).status).toBe('paid');

    const third = await pay(quiet, s.id, paymentBody(s.client_secret, 'card'), 'try-3');
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe('session_completed');
  });

  it('APM: redirect to the issuer page, approved, back to the shop return_url with the status (by return)', async () => {
    const s = await createSession(quiet, {
      amount: '50.00',
      currency: 'BRL',
      items: undefined,
      country: 'BR',
      return_url: 'https://shop.test/thanks',
    });
    const res = await pay(quiet, s.id, paymentBody(s.client_secret, 'pix'), 'pix-1');
    expect(res.status).toBe(200);
    expect(res.body.action.type).toBe('redirect');
    expect(res.body.action.url.startsWith(sandbox.url)).toBe(true);

    const returned = await pressIssuerButton(res.body.action.url, 'approve');
    const back = await fetch(returned.returnUrl, { redirect: 'manual' });
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://shop.test/thanks');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      order_no: s.order_no,
      status: 'paid',
      payment_id: res.body.payment_id,
    });
    expect((await orderOf(quiet, s.id)).status).toBe('paid');

    // both calls of the payment are in the audit log once, under the attempt: the order and the issuer page
    const [attempt] = await attemptsOf(quiet, s.id);
    const calls = await quiet.store.db
      .selectFrom('audit_events')
      .select(['summary', 'order_no'])
      .where('kind', '=', 'gateway_call')
      .where('attempt_id', '=', attempt!.id)
      .orderBy('id')
      .execute();
    expect(calls.map((c) => c.summary.split(' ').slice(0, 2).join(' '))).toEqual(['authorise ok', 'issuerPage ok']);
    expect(calls.every((c) => c.order_no === attempt!.gateway_order_no)).toBe(true);
  });

  it('APM: paid by the notification alone', async () => {
    const s = await createSession(backend, { amount: '50.00', currency: 'BRL', items: undefined, country: 'BR' });
    const res = await pay(
      backend,
      s.id,
      paymentBody(s.client_secret, 'boleto', { shopper: { ...paymentBody('', '').shopper, document: '12345678909' } }),
      'boleto-1',
    );
    expect(res.status).toBe(200);
    await pressIssuerButton(res.body.action.url, 'approve');
    await vi.waitFor(
      async () => expect((await orderOf(backend, s.id)).status, 'the boleto order to be paid').toBe('paid'),
      { timeout: 10_000 },
    );
  });

  it('APM: a method that needs a field is refused without it, naming the field', async () => {
    const s = await createSession(backend, { amount: '10.00', currency: 'EUR', items: undefined, country: 'NL' });
    const res = await pay(backend, s.id, paymentBody(s.client_secret, 'ideal'), 'ideal-1');
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([{ path: 'bank_code', message: 'is required for ideal' }]);
    const ok = await pay(backend, s.id, paymentBody(s.client_secret, 'ideal', { bank_code: 'INGBNL2A' }), 'ideal-2');
    expect(ok.status).toBe(200);
    expect(ok.body.action.type).toBe('redirect');
  });

  it('refuses a body that carries an amount, and the gateway receives the session amount', async () => {
    const s = await createSession(backend, { amount: '77.00', items: undefined });
    const res = await pay(backend, s.id, { ...paymentBody(s.client_secret, 'card'), amount: '0.01' }, 'amount-1');
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([{ path: 'amount', message: 'is not allowed' }]);
    expect(await attemptsOf(backend, s.id)).toHaveLength(0);

    // the shopper's IP and Accept header come from the request; a forged X-Forwarded-For is not trusted
    const ok = await pay(backend, s.id, paymentBody(s.client_secret, 'card'), 'amount-2', {
      Accept: 'application/json, text/plain',
      'X-Forwarded-For': '6.6.6.6',
    });
    expect(ok.status).toBe(200);
    const [attempt] = await attemptsOf(backend, s.id);
    const [record] = await backend.deps.gateway.query({ orders: [attempt!.gateway_order_no] });
    expect(record).toMatchObject({ amount: '77.00', currency: 'USD' });
    const [tx] = await transactionAtGateway(attempt!.gateway_order_no);
    expect(tx.request).toMatchObject({
      amount: '77.00',
      currency: 'USD',
      shopper_ip: '127.0.0.1',
      accept_header: 'application/json, text/plain',
      shopper_email: 'ana@example.com',
      notify_url: `${backend.url}/hooks/gateway`,
      return_url: `${backend.url}/pay/return/${ok.body.payment_id}`,
      // WEBSITE unset: PUBLIC_URL's host; the docs require a website and a shopper_id on every payment
      website: new URL(backend.url).host,
      shopper_id: expect.stringMatching(/^g_[0-9a-f]{32}$/),
    });
    expect(String(tx.request.shopper_id)).not.toContain('ana');
  });

  it('a repeated Idempotency-Key gets the same answer and sends one request to the gateway', async () => {
    const s = await createSession(backend);
    const body = paymentBody(s.client_secret, 'card');
    const [a, b] = await Promise.all([pay(backend, s.id, body, 'same-key'), pay(backend, s.id, body, 'same-key')]);
    const c = await pay(backend, s.id, body, 'same-key');
    expect(a.status).toBe(200);
    expect(b).toMatchObject({ status: 200, body: a.body });
    expect(c).toMatchObject({ status: 200, body: a.body });
    const attempts = await attemptsOf(backend, s.id);
    expect(attempts).toHaveLength(1);
    expect(await gatewayCalls(backend, 'checkout', attempts[0]!.gateway_order_no)).toHaveLength(1);
    expect(await requestsAtGateway('/v1/checkout', attempts[0]!.gateway_order_no)).toBe(1);

    // the audit log has the call, masked: no signature, no key
    const [call] = await gatewayCalls(backend, 'checkout', attempts[0]!.gateway_order_no);
    expect(call!.detail).not.toContain(backend.config.gateway.signKey);
    expect(JSON.parse(call!.detail!).request.encryption_data).not.toMatch(/^[0-9a-f]{64}$/);

    const otherBody = await pay(backend, s.id, { ...body, method: 'card', bank_code: 'X' }, 'same-key');
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error.code).toBe('idempotency_key_reused');
    // a new key while the first payment is still open: refused, never a second payment
    const other = await pay(backend, s.id, body, 'another-key');
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('conflict');
  });

  it('refuses payments without a key, with a wrong secret, for a method not offered, or from another origin', async () => {
    const s = await createSession(backend);
    const noKey = await callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
      body: paymentBody(s.client_secret, 'card'),
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.fields[0].path).toBe('Idempotency-Key');
    expect((await pay(backend, s.id, paymentBody('wrong', 'card'), 'k1')).status).toBe(404);
    const pix = await pay(backend, s.id, paymentBody(s.client_secret, 'pix'), 'k2');
    expect(pix.status).toBe(400);
    expect(pix.body.error.fields).toEqual([{ path: 'method', message: 'is not offered for this session' }]);
    expect(
      (await pay(backend, s.id, paymentBody(s.client_secret, 'card'), 'k3', { Origin: 'http://evil.test' })).status,
    ).toBe(403);
    const badDevice = await pay(
      backend,
      s.id,
      paymentBody(s.client_secret, 'card', { device: { ...paymentBody('', '').device, resolution: 'big' } }),
      'k4',
    );
    expect(badDevice.status).toBe(400);
    expect(badDevice.body.error.fields[0].path).toBe('device.resolution');
    expect(await attemptsOf(backend, s.id)).toHaveLength(0);
  });

  it('a payment the gateway never received: the session view says technical, without the connection error', async () => {
    // nothing listens on the gateway URL of a backend started without one: the call is refused, never sent
    const offline = await startBackend({ store });
    try {
      const s = await createSession(offline);
      const res = await pay(offline, s.id, paymentBody(s.client_secret, 'card'), 'offline-1');
      expect(res.status).toBe(503);
      const [attempt] = await attemptsOf(offline, s.id);
      expect(attempt!.message).toMatch(/^not sent: /);
      const view = await callJson(`${offline.url}/api/sessions/${s.id}`, {
        headers: { 'X-Client-Secret': s.client_secret },
      });
      expect(view.body.payment).toEqual({
        payment_id: attempt!.id,
        status: 'declined',
        method: 'card',
        reason: 'technical',
      });
    } finally {
      await offline.close();
    }
  });

  it('a return with a bad signature is not believed: the order is queried instead, at most once a minute', async () => {
    const s = await createSession(quiet);
    const res = await pay(quiet, s.id, paymentBody(s.client_secret, 'card'), 'forged-return');
    const returned = await payByCard(await (await fetch(res.body.action.url)).text(), '4242424242424242');
    const [attempt] = await attemptsOf(quiet, s.id);
    const queries = async () =>
      (
        await quiet.store.db
          .selectFrom('audit_events')
          .select('summary')
          .where('kind', '=', 'gateway_call')
          .where('order_no', '=', attempt!.gateway_order_no)
          .execute()
      ).filter((e) => e.summary.startsWith('query ')).length;
    const before = await queries();
    const elsewhere = new URL(returned.returnUrl);
    elsewhere.pathname = '/pay/return/pay_other';
    expect((await fetch(elsewhere)).status).toBe(404);
    // a forged claim of a decline: the query says paid, and the query is what counts
    const forged = new URL(returned.returnUrl);
    forged.searchParams.set('payment_status', '4000');
    forged.searchParams.set('encryption_data', 'f'.repeat(64));
    const first = await fetch(forged, { redirect: 'manual' });
    expect(first.status).toBe(200);
    expect((await orderOf(quiet, s.id)).status).toBe('paid');
    // gateway calls are audited in the background
    await vi.waitFor(async () => expect(await queries()).toBe(before + 1));
    await fetch(forged, { redirect: 'manual' });
    expect(await queries()).toBe(before + 1);
    const metrics = await quiet.deps.metrics.registry.getSingleMetricAsString('merchant_gateway_bad_signature_total');
    expect(metrics).toContain('merchant_gateway_bad_signature_total{source="return"} 2');
    // a signature that is not 64 hex characters is just as bad, never a 500
    for (const encryption_data of ['zz', '', 'f'.repeat(63), 'f'.repeat(65), 'g'.repeat(64), 'é'.repeat(64)]) {
      forged.searchParams.set('encryption_data', encryption_data);
      expect((await fetch(forged, { redirect: 'manual' })).status, encryption_data).toBe(200);
    }
    expect((await orderOf(quiet, s.id)).status).toBe('paid');
  });
});
