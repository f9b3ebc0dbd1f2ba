import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { pressIssuerButton } from '../gateway/testing/playShopper';
import { faultyGatewayFetch, type FaultyFetch } from '../testing/faultyGatewayFetch';
import { callJson, createSession, paymentBody } from '../../testing/shopClient';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';
import { countQueryCalls } from '../testing/countQueryCalls';
import { withReconcileLock } from './withReconcileLock';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

const MINUTE = 60_000;

describeOnStores('reconcile', (store) => {
  let timeouts: Backend;
  let timeoutFetch: FaultyFetch;
  let lost: Backend;
  let plain: Backend;
  /** how far the backends' clock is ahead of real time */
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);

  beforeAll(async () => {
    // notifications never arrive, so only the reconcile loop can learn the outcome
    timeoutFetch = faultyGatewayFetch({ dropNotifications: true, holdAnswer: (path) => path === '/v1/authorise' });
    timeouts = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: { GATEWAY_TIMEOUT_MS: '800' },
      gatewayFetch: timeoutFetch.fetch,
      now,
    });
    lost = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: { GATEWAY_TIMEOUT_MS: '300' },
      gatewayFetch: faultyGatewayFetch({ loseRequest: (path) => path === '/v1/authorise' }).fetch,
      now,
    });
    plain = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      gatewayFetch: faultyGatewayFetch({ dropNotifications: true }).fetch,
      now,
    });
  });
  afterAll(async () => {
    await Promise.all([timeouts?.close(), lost?.close(), plain?.close()]);
  });

  const pix = async (b: Backend, key: string = randomUUID()) => {
    const s = await createSession(b, { amount: '50.00', currency: 'BRL', items: undefined, country: 'BR' });
    const pay = (k: string) =>
      callJson(`${b.url}/api/sessions/${s.id}/payments`, {
        body: paymentBody(s.client_secret, 'pix'),
        headers: { 'Idempotency-Key': k },
      });
    return { s, pay, first: await pay(key) };
  };
  const orderOf = (b: Backend, sessionId: string) =>
    b.store.db.selectFrom('orders').selectAll().where('session_id', '=', sessionId).executeTakeFirstOrThrow();
  const attemptsOf = (b: Backend, sessionId: string) =>
    b.store.db.selectFrom('payment_attempts').selectAll().where('session_id', '=', sessionId).execute();

  it('a gateway time-out leaves the order unknown; reconcile finds it paid; the gateway saw one payment', async () => {
    const { s, pay, first } = await pix(timeouts, 'timeout-key');
    expect(first.status).toBe(503);
    expect(first.body.error.code).toBe('gateway_unavailable');
    expect((await orderOf(timeouts, s.id)).status).toBe('unknown');
    // the widget resends with the same key: the same answer; a new key: refused, nothing sent
    expect(await pay('timeout-key')).toMatchObject({ status: 503, body: first.body });
    expect((await pay('a-new-key')).status).toBe(409);

    // meanwhile the shopper paid at the issuer (the URL from the answer the backend never got)
    const held = timeoutFetch.heldAnswers.at(-1)!;
    const issuerUrl = /<issuer_url>([^<]*)<\/issuer_url>/.exec(held.text)![1]!.replace(/&amp;/g, '&');
    await pressIssuerButton(issuerUrl, 'approve');

    const result = await timeouts.reconcile();
    expect(result).toMatchObject({ ran: true, applied: 1 });
    expect(await orderOf(timeouts, s.id)).toMatchObject({ status: 'paid', payment_status: '3000' });
    const attempts = await attemptsOf(timeouts, s.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.next_check_at).toBeNull();
    expect(timeoutFetch.calls.filter((p) => p === '/v1/authorise')).toHaveLength(1);
    const sandboxView = (await (
      await fetch(`${sandbox.url}/sandbox/transactions?order_no=${encodeURIComponent(attempts[0]!.gateway_order_no)}`)
    ).json()) as { transactions: unknown[] };
    expect(sandboxView.transactions).toHaveLength(1);
    const seen = (await (
      await fetch(
        `${sandbox.url}/sandbox/requests/count?endpoint=/v1/authorise&order_no=${encodeURIComponent(attempts[0]!.gateway_order_no)}`,
      )
    ).json()) as { count: number };
    expect(seen.count).toBe(1);
    // a second pass has nothing left to ask about this order
    expect((await timeouts.reconcile()).checked).toBe(0);
  });

  it('a pending payment is queried only once it is past the threshold', async () => {
    const { s, first } = await pix(plain);
    expect(first.status).toBe(200);
    await pressIssuerButton(first.body.action.url, 'approve');
    expect((await plain.reconcile()).checked).toBe(0);
    expect((await orderOf(plain, s.id)).status).toBe('pending');
    ahead += plain.config.reconcile.pendingAfterMs + MINUTE;
    expect((await plain.reconcile()).applied).toBeGreaterThanOrEqual(1);
    expect((await orderOf(plain, s.id)).status).toBe('paid');
  });

  it('a payment the gateway never received is closed as declined after the threshold, and can be paid anew', async () => {
    const { s, pay, first } = await pix(lost);
    expect(first.status).toBe(503);
    expect((await orderOf(lost, s.id)).status).toBe('unknown');
    await lost.reconcile();
    expect((await orderOf(lost, s.id)).status).toBe('unknown'); // too early to conclude
    ahead += lost.config.reconcile.pendingAfterMs + 10 * MINUTE;
    expect((await lost.reconcile()).closed).toBeGreaterThanOrEqual(1);
    expect(await orderOf(lost, s.id)).toMatchObject({
      status: 'declined',
      message: 'I0115:not received by the gateway',
    });
    expect((await pay(randomUUID())).status).toBe(503); // a new attempt is allowed (and lost again here)
    expect((await attemptsOf(lost, s.id)).map((a) => a.seq).sort()).toEqual([1, 2]);
  });

  it('asks about open payments in queries of at most 100', async () => {
    const counting = faultyGatewayFetch({});
    const b = await startBackend({ store, gatewayUrl: sandbox.url, gatewayFetch: counting.fetch, now });
    try {
      const s = await createSession(b);
      const order = await orderOf(b, s.id);
      const old = new Date(now().getTime() - 2 * b.config.reconcile.pendingAfterMs).toISOString();
      const rows = Array.from({ length: 150 }, (_, i) => ({
        id: `pay_bulk${i}`,
        order_id: order.id,
        session_id: s.id,
        seq: i + 1,
        gateway_order_no: `${order.order_no}-${i + 1}`,
        method_id: 'card',
        kind: 'card' as const,
        payment_method: null,
        status: 'unknown' as const,
        payment_status: null,
        transaction_id: null,
        idempotency_key: `bulk-${i}`,
        request_hash: 'x',
        response: null,
        widget_origin: null,
        frame_token: null,
        frame_form: null,
        frame_served_at: null,
        redirect_url: null,
        message: null,
        // one after another, so the pass takes them in this order
        next_check_at: new Date(Date.parse(old) + i).toISOString(),
        created_at: old,
        updated_at: old,
      }));
      await b.store.db.insertInto('payment_attempts').values(rows).execute();
      const result = await b.reconcile();
      expect(result).toMatchObject({ ran: true, checked: 150, closed: 150, errors: 0 });
      // a pass takes 100 attempts at a time; each query keeps its list within the docs' 1000 characters
      const orderNos = rows.map((r) => r.gateway_order_no);
      expect(counting.calls.filter((p) => p === '/v1/retrievalTrans')).toHaveLength(
        countQueryCalls(orderNos.slice(0, 100)) + countQueryCalls(orderNos.slice(100)),
      );
    } finally {
      await b.close();
    }
  });

  it('runs at most one pass at a time on one store', async () => {
    let inner: unknown = 'not run';
    const outer = await withReconcileLock(plain.store, async () => {
      inner = await withReconcileLock(plain.store, async () => 'second');
      return 'first';
    });
    expect(outer).toBe('first');
    expect(inner).toBeUndefined();
    expect(await withReconcileLock(plain.store, async () => 'again')).toBe('again');
  });
});
