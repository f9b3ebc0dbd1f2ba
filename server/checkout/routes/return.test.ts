/**
 * Issue #31: the shopper's return (docs/protocol-decisions.md 7) by GET and by a posted form (the older engine of the
 * family posts it, docs/gateway-evidence.md 8), its fields read under the profile's names; and a return the
 * backend cannot verify is confirmed by a query while the shopper sees "Checking your payment", then the result,
 * never an error page.
 */
import { createHash, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionView } from '../../../shared/contract/session';
import { admin, orderIn, orderWhen } from '../../../testing/adminClient';
import {
  approveOnIssuerPage,
  BR_ORDER,
  callJson,
  createSession,
  paymentBody,
  startPayment,
} from '../../../testing/shopClient';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { payByCard } from '../../gateway/testing/playShopper';
import { startBackend, type Backend } from '../../testing/startBackend';

const AUTO_CAPTURE = { ACCOUNT_ID: '701001020', SIGN_KEY: 'sk_sandbox_701001020' };
const SAMPLE_PROFILE = fileURLToPath(new URL('../../../docs/profiles/sample-schema.json', import.meta.url));

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

/** A card payment created at the gateway (the frame's page not yet submitted): its attempt, and the frame's HTML. */
async function cardPayment(backend: Backend) {
  const s = await createSession(backend, { country: 'US' });
  const res = await callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
    body: paymentBody(s.client_secret, 'card'),
    headers: { 'Idempotency-Key': randomUUID(), Origin: 'http://shop.test', Accept: 'application/json' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const attempt = await backend.store.db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('session_id', '=', s.id)
    .executeTakeFirstOrThrow();
  return { orderNo: s.order_no, attempt, frame: await (await fetch(res.body.action.url)).text() };
}

const post = (url: string, fields: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

describe('the built-in profile', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ gatewayUrl: sandbox.url, env: AUTO_CAPTURE });
  });
  afterAll(() => backend?.close());

  it('takes the return by a posted form, as by GET: the result page, never a 404', async () => {
    const p = await cardPayment(backend);
    const returned = await payByCard(p.frame, '4242424242424242');
    const url = `${backend.url}/pay/return/${p.attempt.id}`;
    const posted = await post(url, returned.query);
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('Payment paid');
    const got = await fetch(`${url}?${new URLSearchParams(returned.query)}`);
    expect(got.status).toBe(200);
    expect(await got.text()).toContain('Payment paid');
    await orderIn(backend, p.orderNo, 'paid');
    const audit = await backend.store.db
      .selectFrom('audit_events')
      .select('summary')
      .where('attempt_id', '=', p.attempt.id)
      .where('kind', '=', 'return')
      .execute();
    expect(audit.map((a) => a.summary)).toEqual(['return: gateway says 3000']);
  });

  it('a return it cannot verify shows "Checking your payment" (200, asks again), then the result the gateway confirms', async () => {
    const p = await cardPayment(backend);
    const url = `${backend.url}/pay/return/${p.attempt.id}`;
    // a forged success while the shopper has not paid: the gateway is asked, and has nothing settled yet
    const forged = {
      order_no: p.attempt.gateway_order_no,
      transaction_id: 'T-FORGED',
      payment_status: '3000',
      message: '0000:Approved',
      encryption_data: 'd'.repeat(64),
    };
    const checking = await post(url, forged);
    expect(checking.status).toBe(200);
    const page = await checking.text();
    expect(page).toContain('Checking your payment');
    expect(page).toMatch(new RegExp(`http-equiv="refresh" content="\\d+;url=/pay/return/${p.attempt.id}"`));
    // the shopper pays; the page's "ask again" (a GET without fields) then shows the result
    await payByCard(p.frame, '4242424242424242');
    await vi.waitFor(
      async () => {
        const again = await fetch(url);
        expect(again.status).toBe(200);
        expect(await again.text()).toContain('Payment paid');
      },
      { timeout: 15_000, interval: 200 },
    );
  });
});

describe('the example profile of the sample schema (docs/profiles/sample-schema.json)', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({
      gatewayUrl: sandbox.url,
      env: { ...AUTO_CAPTURE, GATEWAY_PROFILE_FILE: SAMPLE_PROFILE },
    });
  });
  afterAll(() => backend?.close());

  it('reads a posted return under the sample names (order_status, error_code, result_info) and verifies it', async () => {
    const p = await cardPayment(backend);
    const returned = await payByCard(p.frame, '4242424242424242');
    const transactionId = returned.query.transaction_id!;
    const orderNo = p.attempt.gateway_order_no;
    // the fields of the older engine's posted return, named as the sample schema names them, signed by hand over
    // merchant_id, account_id, transaction_id, order_no, currency, amount, order_status
    const fields: Record<string, string> = {
      order_no: orderNo,
      transaction_id: transactionId,
      order_status: '3000',
      error_code: '0000',
      result_info: 'Approved',
    };
    fields.encryption_data = createHash('sha256')
      .update(`701001701001020${transactionId}${orderNo}USD33.003000sk_sandbox_701001020`)
      .digest('hex');
    const res = await post(`${backend.url}/pay/return/${p.attempt.id}`, fields);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Payment paid');
    const audit = await backend.store.db
      .selectFrom('audit_events')
      .select(['kind', 'summary'])
      .where('attempt_id', '=', p.attempt.id)
      .where('kind', 'in', ['return', 'ignored'])
      .execute();
    expect(audit).toEqual([{ kind: 'return', summary: 'return: gateway says 3000' }]);
  });
});

/**
 * Issue #35: a session without `return_url` ends on the backend's own result page, which says of a double payment
 * (a late Pix paid after the shopper paid another way) what the widget says: when, or by whom, it is given back.
 */
describe('the return page of a double payment, without a return_url', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ gatewayUrl: sandbox.url });
  });
  afterAll(() => backend?.close());

  /** Pix left pending for another Pix, the second paid; then the shopper pays the first too and comes back. */
  async function payTwiceAndReturn() {
    const s = await createSession(backend, {}, BR_ORDER);
    const first = await startPayment(backend, s, 'pix');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const left = await callJson(`${backend.url}/api/sessions/${s.id}/payments/${first.body.payment_id}/abandon`, {
      body: { client_secret: s.client_secret },
    });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    const second = await startPayment(backend, s, 'pix');
    const paid = await fetch((await approveOnIssuerPage(second.body.action.url)).returnUrl, { redirect: 'manual' });
    // the first return: paid once, nothing more to say
    expect(await paid.text()).not.toContain('paid twice');
    await orderWhen(backend, s.order_no, (o) => o.status === 'paid', 'the second payment');
    const late = await fetch((await approveOnIssuerPage(first.body.action.url)).returnUrl, { redirect: 'manual' });
    expect(late.status).toBe(200);
    const view = await callJson(`${backend.url}/api/sessions/${s.id}`, {
      headers: { 'X-Client-Secret': s.client_secret },
    });
    return { page: await late.text(), extra: (view.body as SessionView).extra_payment };
  }

  it('off: the page says the shop was told and will refund the second payment', async () => {
    expect(
      (
        await admin(backend, '/settings/double-payment-refund', {
          method: 'PUT',
          body: { auto: false, delay_minutes: 0 },
        })
      ).status,
    ).toBe(200);
    const { page, extra } = await payTwiceAndReturn();
    expect(extra).toEqual({ amount: '10.00', currency: 'BRL', refund: 'shop' });
    expect(page).toContain(
      '<p>This order was paid twice. The shop has been told and will refund the second payment (R$10.00).</p>',
    );
  });

  it('on, after 30 minutes: the page says when the second payment is refunded (UTC)', async () => {
    expect(
      (
        await admin(backend, '/settings/double-payment-refund', {
          method: 'PUT',
          body: { auto: true, delay_minutes: 30 },
        })
      ).status,
    ).toBe(200);
    const { page, extra } = await payTwiceAndReturn();
    expect(extra).toMatchObject({ refund: 'scheduled' });
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date(extra!.refund_at!),
    );
    expect(page).toContain(
      `<p>This order was paid twice. The second payment (R$10.00) will be refunded automatically on ${when} UTC.</p>`,
    );
  });
});
