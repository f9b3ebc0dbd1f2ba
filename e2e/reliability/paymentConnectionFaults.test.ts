/**
 * Connection-level faults between the backend and the gateway on the calls that create a payment (issue #18),
 * through testing/faultProxy.ts: the issuer page's GET refused after `/v1/authorise` created the payment, the
 * checkout answer lost after `/v1/checkout` created it. For each: the widget is told "not known yet", the order is
 * never paid twice without the owner being told, and the extra payment is refunded once at the gateway. Also the
 * session's expiry: no card page and no reopening after it.
 */
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { CreateSessionResponse } from '../../shared/contract/session';
import { payByCard } from '../../server/gateway/testing/playShopper';
import { startBackend, type Backend } from '../../server/testing/startBackend';
import { admin, auditLines, orderOf, orderWhen } from '../../testing/adminClient';
import { startFaultProxy, type FaultProxy } from '../../testing/faultProxy';
import { sandboxApi } from '../../testing/sandboxApi';
import {
  approveOnIssuerPage,
  BR_ORDER,
  callJson,
  createSession,
  followReturn,
  startPayment,
} from '../../testing/shopClient';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { paymentsTaken } from './lib/gateway';
import { describeOnStoresAtOnce } from './lib/storesAtOnce';
import { once, useTally } from './lib/tally';

const tally = useTally('paymentConnectionFaults');
/** The backend gives up on a gateway call after this: a dropped answer looks lost. */
const TIMEOUT_MS = 1500;
const SESSION_TTL_MS = 60 * 60_000;

/**
 * Keeps a copy of `/v1/authorise`'s answer as it passes (the body unchanged), so the test can play the shopper
 * who reaches the issuer anyway (a boleto paid at a bank): the backend itself never got a page to send them to.
 * Not a fault, so it is left out of the tally.
 */
function keepIssuerUrl(proxy: FaultProxy): () => string {
  let xml = '';
  proxy.add({
    method: 'POST',
    path: '/v1/authorise',
    action: 'rewrite',
    rewrite: (body) => {
      xml = body;
      return body;
    },
  });
  return () => {
    const url = /<issuer_url>([^<]*)<\/issuer_url>/.exec(xml)?.[1];
    if (!url) throw new Error(`no issuer_url in the authorise answer: ${xml}`);
    return url.replace(/&amp;/g, '&');
  };
}

// each store with its own proxy and sandbox, both at once (lib/storesAtOnce.ts): most of the time is the gateway's
// time-outs, waited with the CPU idle
describeOnStoresAtOnce('payment calls under connection faults', (store) => {
  let proxy: FaultProxy;
  let sandbox: RunningSandbox;
  let backend: Backend;
  /** how far the backend's clock runs ahead of real time (the session's expiry) */
  let ahead = 0;
  beforeAll(async () => {
    proxy = await startFaultProxy();
    sandbox = await startSandboxProcess({ publicUrl: proxy.url });
    proxy.target = sandbox.url;
    backend = await startBackend({
      store,
      gatewayUrl: proxy.url,
      now: () => new Date(Date.now() + ahead),
      env: { GATEWAY_TIMEOUT_MS: String(TIMEOUT_MS), RECONCILE_PENDING_AFTER_MS: '1', RECONCILE_INTERVAL_MS: '100' },
    });
  });
  afterAll(async () => {
    await backend?.close();
    await sandbox?.close();
    await proxy?.close();
  });
  afterEach(async () => {
    ahead = 0;
    await proxy.accept();
    proxy.clear();
  });
  const gw = () => sandboxApi(sandbox.url);

  /** A Pix payment whose issuer page the backend cannot fetch (connection refused) after authorise created it. */
  async function pixWithIssuerRefused(s: CreateSessionResponse) {
    const issuerUrl = keepIssuerUrl(proxy);
    proxy.add({ method: 'GET', path: /^\/issuer\//, action: 'refuse' });
    const first = await startPayment(backend.url, s, 'pix');
    await proxy.accept();
    // the rewrite that kept the answer is not a fault
    tally.faults += proxy.clear() - 1;
    return { first, issuerUrl: issuerUrl() };
  }

  it('pix: issuer page refused after authorise -> unknown, no second attempt; paid later at the issuer, it counts once', async () => {
    const s = await createSession(backend.url, {}, BR_ORDER);
    const { first, issuerUrl } = await pixWithIssuerRefused(s);
    expect(first.status, JSON.stringify(first.body)).toBe(503);
    expect(first.body.error.message).toContain('Do not pay again');
    const [attempt] = (await orderOf(backend.url, s.order_no)).attempts;
    expect(attempt!.status).toBe('unknown');
    // the gateway created it: a new attempt would be a second payment
    expect(await gw().transaction(attempt!.gateway_order_no)).toMatchObject({ payment_status: '1000' });
    expect((await startPayment(backend.url, s, 'pix')).status).toBe(409);

    // the shopper reaches the issuer anyway and pays; the notification or a reconcile pass settles it
    await approveOnIssuerPage(issuerUrl);
    await backend.reconcile();
    await orderWhen(backend.url, s.order_no, (o) => o.status === 'paid', 'the first attempt paid');
    expect((await startPayment(backend.url, s, 'pix')).status).toBe(409);
    expect(once(tally, await paymentsTaken(backend.url, sandbox.url, s.order_no))).toBe(1);
    expect((await orderOf(backend.url, s.order_no)).alerts).toEqual([]);
  });

  it('pix: a stranded attempt lets the shopper pay again; when it is paid too, the owner is alerted and refunds it once', async () => {
    const s = await createSession(backend.url, {}, BR_ORDER);
    const { first, issuerUrl } = await pixWithIssuerRefused(s);
    expect(first.status).toBe(503);
    expect((await startPayment(backend.url, s, 'pix')).status).toBe(409);

    // the query finds it pending at the gateway, and the shopper has no page to finish it: a new attempt is allowed
    await backend.reconcile();
    const stranded = (await orderOf(backend.url, s.order_no)).attempts[0]!;
    expect(stranded).toMatchObject({ status: 'pending', stranded: true });
    const second = await startPayment(backend.url, s, 'pix');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    await followReturn(await approveOnIssuerPage(second.body.action.url));
    await orderWhen(backend.url, s.order_no, (o) => o.status === 'paid', 'the second attempt paid');

    // the first is paid late (a boleto paid at a bank): recorded, and the owner is told
    const logged = vi.spyOn(backend.deps.log, 'error');
    await approveOnIssuerPage(issuerUrl);
    await backend.reconcile();
    const alerted = await orderWhen(backend.url, s.order_no, (o) => o.alerts.length > 0, 'the double-payment alert');
    expect(alerted.status).toBe('paid');
    expect(alerted.alert).toBe('double_payment');
    expect(alerted.alerts).toEqual([
      expect.objectContaining({
        kind: 'double_payment',
        attempt_id: stranded.id,
        transaction_id: expect.any(String),
        refund: null,
      }),
    ]);
    expect(await paymentsTaken(backend.url, sandbox.url, s.order_no)).toBe(2);
    expect(await backend.deps.metrics.registry.metrics()).toMatch(
      /merchant_payment_alerts\{kind="double_payment",state="open"\} 1/,
    );
    expect(logged.mock.calls.map((c) => String(c[1]))).toContainEqual(expect.stringContaining('paid twice'));
    expect(await auditLines(backend.url, s.order_no)).toContainEqual(expect.stringMatching(/^alert: .*paid twice/));
    logged.mockRestore();

    // the owner refunds the extra payment; its answer is lost once, the retry finds it done: refunded once
    const alertId = alerted.alerts[0]!.id;
    const elsewhere = await createSession(backend.url, {}, BR_ORDER);
    const wrongOrder = await admin(backend.url, `/orders/${elsewhere.order_no}/alerts/${alertId}/refund`, {
      method: 'POST',
    });
    expect(wrongOrder.status).toBe(404);
    expect(wrongOrder.body.error.message).toBe(`no alert ${alertId} on order ${elsewhere.order_no}`);
    const refundExtra = () => admin(backend.url, `/orders/${s.order_no}/alerts/${alertId}/refund`, { method: 'POST' });
    /** the alert's refund once the reconcile loop has looked it up and found it final */
    const settledAs = (status: 'failed' | 'succeeded') =>
      vi.waitFor(
        async () => {
          await backend.reconcile();
          expect((await orderOf(backend.url, s.order_no)).alerts[0]).toMatchObject({ refund: { status } });
        },
        { timeout: 15_000, interval: 100 },
      );
    // refunds are asynchronous: the first one is received, then refused by the issuer; the alert says so, and
    // the owner may send it again (it did not move any money)
    await gw().refundOutcome(stranded.gateway_order_no, 'fail');
    const failing = await refundExtra();
    expect(failing.status, JSON.stringify(failing.body)).toBe(200);
    expect(failing.body).toMatchObject({ refund: { status: 'pending' } });
    await settledAs('failed');
    proxy.add({ method: 'POST', path: '/v1/refund', action: 'drop-answer' });
    const lost = await refundExtra();
    tally.faults += proxy.clear();
    expect(lost.status, JSON.stringify(lost.body)).toBe(502);
    expect(lost.body.error.code).toBe('outcome_unknown');
    // the repeat looks the reference up and sends nothing; the refund settles by itself
    const retry = await refundExtra();
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.refund.status).toMatch(/^(pending|succeeded)$/);
    await settledAs('succeeded');
    const again = await refundExtra();
    expect(again.body).toMatchObject({ refund: { status: 'succeeded', amount: '10.00' } });
    const extra = await gw().transaction(stranded.gateway_order_no);
    expect(extra.refunds.map((r: { state: string }) => r.state)).toEqual(['failed', 'succeeded']);
    expect(once(tally, extra.refunds.filter((r: { state: string }) => r.state === 'succeeded').length)).toBe(1);
    expect(extra).toMatchObject({ payment_status: '4100' });
    // the order's own payment is untouched
    const kept = await orderOf(backend.url, s.order_no);
    expect(kept).toMatchObject({ status: 'paid', refunded: null });
    expect(kept.alerts[0]).toMatchObject({ refund: { status: 'succeeded' } });
    // of the two payments the gateway took, one is kept
    const gatewaySide = await Promise.all(kept.attempts.map((a) => gw().transaction(a.gateway_order_no)));
    expect(once(tally, gatewaySide.filter((t) => t?.payment_status === '3000').length)).toBe(1);
    expect(await backend.deps.metrics.registry.metrics()).toMatch(
      /merchant_payment_alerts\{kind="double_payment",state="refunded"\} 1/,
    );
  });

  it('card: the checkout answer lost -> unknown; once a query shows it pending with no page, a new attempt pays once', async () => {
    const s = await createSession(backend.url, { amount: '20.00', currency: 'USD', country: undefined }, BR_ORDER);
    proxy.add({ method: 'POST', path: '/v1/checkout', action: 'drop-answer' });
    const first = await startPayment(backend.url, s, 'card');
    tally.faults += proxy.clear();
    expect(first.status, JSON.stringify(first.body)).toBe(503);
    expect(first.body.error.message).toContain('Do not pay again');
    expect((await startPayment(backend.url, s, 'card')).status).toBe(409);

    await backend.reconcile();
    expect((await orderOf(backend.url, s.order_no)).attempts[0]).toMatchObject({ status: 'pending', stranded: true });
    const second = await startPayment(backend.url, s, 'card');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const frame = await fetch(second.body.action.url);
    expect(frame.status).toBe(200);
    await followReturn(await payByCard(await frame.text(), '4242424242424242'));
    await orderWhen(
      backend.url,
      s.order_no,
      (o) => ['paid', 'authorised'].includes(o.status),
      'the second attempt paid',
    );
    expect(once(tally, await paymentsTaken(backend.url, sandbox.url, s.order_no))).toBe(1);
    // the stranded attempt stays watched: a later pass still asks about it
    const watched = (await orderOf(backend.url, s.order_no)).attempts[0]!;
    expect(watched.status).toBe('pending');
  });

  it('session expired: the card page link (past its grace) and the reopening of the page are refused with 410', async () => {
    const s = await createSession(backend.url, { amount: '20.00', currency: 'USD', country: undefined }, BR_ORDER);
    const pay = await startPayment(backend.url, s, 'card');
    expect(pay.status).toBe(200);
    const resume = () =>
      callJson(`${backend.url}/api/sessions/${s.id}/payments/${pay.body.payment_id}/resume`, {
        body: { client_secret: s.client_secret },
      });
    // before the expiry the page can be reopened
    const reopened = await resume();
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);

    ahead = SESSION_TTL_MS + 1000;
    const late = await resume();
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('session_expired');
    // a link handed out before the expiry still opens within the grace: the shopper who paid at the last second
    const inGrace = await fetch(reopened.body.action.url);
    expect(inGrace.status).toBe(200);

    const again = await callJson(`${backend.url}/api/sessions/${s.id}/payments/${pay.body.payment_id}/resume`, {
      body: { client_secret: s.client_secret },
    });
    expect(again.status).toBe(410);
    ahead = 0;
    const link = (await resume()).body.action.url as string;
    ahead = SESSION_TTL_MS + 10 * 60_000;
    const expired = await fetch(link);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('expired');
  });

  it('session expired: a repeat of a pix payment no longer hands out the issuer page', async () => {
    const s = await createSession(backend.url, {}, BR_ORDER);
    const key = 'repeat-after-expiry';
    const pay = await startPayment(backend.url, s, 'pix', key);
    expect(pay.status).toBe(200);
    // within the grace the repeat is answered as before
    ahead = SESSION_TTL_MS + 1000;
    expect(await startPayment(backend.url, s, 'pix', key)).toMatchObject({ status: 200, body: pay.body });
    ahead = SESSION_TTL_MS + 10 * 60_000;
    const late = await startPayment(backend.url, s, 'pix', key);
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('session_expired');
  });
});
