import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { sign } from '../../../shared/gateway/hashNode';
import { faultyGatewayFetch } from '../../testing/faultyGatewayFetch';
import { callJson, createSession, paymentBody } from '../../../testing/shopClient';
import { startBackend, type Backend } from '../../testing/startBackend';
import { describeOnStores } from '../../testing/storeVariants';
import { sandboxApi } from '../../../testing/sandboxApi';
import { payByCard } from '../../gateway/testing/playShopper';
import { BULK_ENV } from '../../testing/makeOrders';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('gateway notifications', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    // the sandbox's own notifications are dropped: each test delivers exactly the notifications it names
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      gatewayFetch: faultyGatewayFetch({ dropNotifications: true }).fetch,
      // one address makes every payment here, more than a shopper's minute allows
      env: BULK_ENV,
    });
  });
  afterAll(() => backend?.close());

  /**
   * A payment of `method` started for a new session (`session`), and `atGateway` done to its page; its attempt, its
   * gateway order_no and the transaction_id the gateway gave it.
   */
  async function startedPayment(
    session: Parameters<typeof createSession>[1],
    method: string,
    atGateway: (pageUrl: string) => Promise<unknown> = async () => {},
  ) {
    const s = await createSession(backend, session);
    const res = await callJson(`${backend.url}/api/sessions/${s.id}/payments`, {
      body: paymentBody(s.client_secret, method),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(200);
    await atGateway(res.body.action.url as string);
    const attempt = await backend.store.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('session_id', '=', s.id)
      .executeTakeFirstOrThrow();
    const [record] = await backend.deps.gateway.query({ orders: [attempt.gateway_order_no] });
    return {
      sessionId: s.id,
      attemptId: attempt.id,
      orderNo: attempt.gateway_order_no,
      transactionId: String(record!.transaction_id),
    };
  }

  /** A PIX payment left pending at the gateway. */
  const pendingPayment = () =>
    startedPayment({ amount: '50.00', currency: 'BRL', items: undefined, country: 'BR' }, 'pix');

  /** A card payment (4242) authorised at the gateway, whose notification (dropped here) and return never came. */
  const authorisedCard = () =>
    startedPayment({ amount: '20.00', currency: 'USD', items: undefined }, 'card', async (url) =>
      payByCard(await (await fetch(url)).text(), '4242424242424242'),
    );

  function notification(
    p: { orderNo: string; transactionId: string },
    fields: Record<string, string> = {},
    key = backend.config.gateway.signKey,
  ) {
    const form = {
      notify_id: randomUUID(),
      notify_type: 'PAYMENT',
      merchant_id: backend.config.gateway.merchantId,
      account_id: backend.config.gateway.accountId,
      transaction_id: p.transactionId,
      order_no: p.orderNo,
      currency: 'BRL',
      amount: '50.00',
      payment_status: '3000',
      message: '0000:Approved',
      notify_time: '20250101120000',
      ...fields,
    };
    return { ...form, encryption_data: sign('notification', form, key) } as Record<string, string> & {
      notify_id: string;
    };
  }

  async function deliver(form: Record<string, string>) {
    const res = await fetch(`${backend.url}/hooks/gateway`, { method: 'POST', body: new URLSearchParams(form) });
    return { status: res.status, text: await res.text() };
  }

  const orderStatus = async (sessionId: string) =>
    (
      await backend.store.db
        .selectFrom('orders')
        .select('status')
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow()
    ).status;
  const recorded = (notifyId: string) =>
    backend.store.db.selectFrom('notifications').selectAll().where('notify_id', '=', notifyId).execute();
  const audit = (orderNo: string, kind: string) =>
    backend.store.db
      .selectFrom('audit_events')
      .selectAll()
      .where('order_no', '=', orderNo)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();
  const cues = (orderNo: string) =>
    backend.store.db.selectFrom('notification_cues').selectAll().where('order_no', '=', orderNo).execute();
  /** every cue of the order acted on (the query answered) */
  const cuesDone = (orderNo: string) =>
    vi.waitFor(
      async () => {
        const list = await cues(orderNo);
        expect(list.length).toBeGreaterThan(0);
        expect(list.map((c) => c.state)).toEqual(list.map(() => 'done'));
        return list;
      },
      { timeout: 10_000, interval: 50 },
    );

  it('applies a signed notification and answers success', async () => {
    const p = await pendingPayment();
    const n = notification(p);
    expect(await deliver(n)).toEqual({ status: 200, text: 'success' });
    expect(await orderStatus(p.sessionId)).toBe('paid');
    expect(await recorded(n.notify_id)).toMatchObject([{ outcome: 'applied', payment_status: '3000' }]);
    const [transition] = await audit(p.orderNo, 'transition');
    expect(transition!.summary).toBe('notification: pending -> paid');
    // the stored copy never keeps the signature
    expect(JSON.parse((await recorded(n.notify_id))[0]!.payload).encryption_data).toBe('[masked]');
  });

  // the card's brand and last four come only with the query's record: a card payment a signed notification settled
  // is asked about afterwards as a cue is, by the cue worker (with other payments, in one query), so a query the
  // gateway fails is asked again later rather than lost with the notification's request
  it('a card payment a signed notification settled gets its card named, though the first query for it failed', async () => {
    const card = await authorisedCard();
    await sandboxApi(sandbox.url).addFault({
      endpoint: '/v1/retrievalTrans',
      order_no: card.orderNo,
      // the client's own retries included (two after the first try): the whole first call fails
      times: 3,
      fault: { kind: 'status', status: 503 },
    });
    const queries = () => sandboxApi(sandbox.url).requestCount('/v1/retrievalTrans', card.orderNo);
    const before = await queries();
    const n = notification(card, { currency: 'USD', amount: '20.00', payment_status: '2000' });
    expect(await deliver(n)).toEqual({ status: 200, text: 'success' });
    const named = () =>
      backend.store.db
        .selectFrom('payment_attempts')
        .select(['status', 'card_brand', 'card_last4'])
        .where('id', '=', card.attemptId)
        .executeTakeFirstOrThrow();
    await vi.waitFor(
      async () => expect(await named()).toEqual({ status: 'authorised', card_brand: 'Visa', card_last4: '4242' }),
      { timeout: 20_000, interval: 100 },
    );
    // the failed call's three tries, then the cue's next call, a few seconds later
    expect(await queries()).toBe(before + 4);
  });

  // issue #31: a notification is a cue. One whose signature does not verify used to be refused (400 "invalid
  // signature"), so a gateway signing over other fields retried it for 36 hours; it is now acknowledged, stored as a
  // cue, and its payment queried: only the answer moves the order.
  it('a forged notification (bad signature, another key, tampered) is acknowledged, applies nothing, and its payment is queried', async () => {
    const p = await pendingPayment();
    const badSignature = { ...notification(p), encryption_data: 'a'.repeat(64) };
    expect(await deliver(badSignature)).toEqual({ status: 200, text: 'success' });
    const otherKey = notification(p, {}, 'sk_sandbox_701001020');
    expect(await deliver(otherKey)).toEqual({ status: 200, text: 'success' });
    const tampered = { ...notification(p), amount: '0.01' };
    expect(await deliver(tampered)).toEqual({ status: 200, text: 'success' });
    const done = await cuesDone(p.orderNo);
    expect(done).toHaveLength(3);
    expect(done.every((c) => c.verified === 0 && c.kind === 'payment')).toBe(true);
    // the gateway says pending: what the messages claimed (paid) was never applied, and none was recorded as applied
    expect(await orderStatus(p.sessionId)).toBe('pending');
    expect(await recorded(badSignature.notify_id)).toHaveLength(0);
    // the stored cue never keeps the signature
    expect(done.map((c) => JSON.parse(c.payload).encryption_data)).toEqual(['[masked]', '[masked]', '[masked]']);
  });

  it('a flood of forged notifications about one payment costs at most one query every few seconds', async () => {
    const p = await pendingPayment();
    // what the gateway was asked, as it counts it
    const queries = () => sandboxApi(sandbox.url).requestCount('/v1/retrievalTrans', p.orderNo);
    const forged = { ...notification(p), encryption_data: 'b'.repeat(64) };
    expect(await deliver(forged)).toEqual({ status: 200, text: 'success' });
    await cuesDone(p.orderNo);
    const before = await queries();
    // more within the throttle window: acknowledged and stored (deduplicated), asked about once more at most
    for (let i = 0; i < 10; i++) expect((await deliver({ ...forged, notify_id: randomUUID() })).status).toBe(200);
    expect(await deliver(forged)).toEqual({ status: 200, text: 'success' });
    const done = await cuesDone(p.orderNo);
    expect(done).toHaveLength(11);
    await vi.waitFor(async () => expect(await queries()).toBeGreaterThan(before));
    expect(await queries()).toBe(before + 1);
    const metric = () => backend.deps.metrics.registry.getSingleMetricAsString('merchant_gateway_bad_signature_total');
    await vi.waitFor(async () => expect(await metric()).toMatch(/source="notification"} \d{2}/));
    expect(await orderStatus(p.sessionId)).toBe('pending');
  });

  it('a signature that is not 64 hex characters is a bad signature like any other, never a 500', async () => {
    const p = await pendingPayment();
    const metric = async () =>
      Number(
        /source="notification"} (\d+)/.exec(
          await backend.deps.metrics.registry.getSingleMetricAsString('merchant_gateway_bad_signature_total'),
        )?.[1] ?? 0,
      );
    const before = await metric();
    const good = String(notification(p).encryption_data);
    const malformed = ['zz', '', good.slice(0, 63), `${good}0`, 'g'.repeat(64), 'é'.repeat(64), '€'.repeat(64)];
    for (const encryption_data of malformed) {
      const res = await deliver({ ...notification(p), encryption_data });
      expect(res, JSON.stringify(encryption_data)).toEqual({ status: 200, text: 'success' });
    }
    await vi.waitFor(async () => expect(await metric()).toBe(before + malformed.length));
    await cuesDone(p.orderNo);
    expect(await orderStatus(p.sessionId)).toBe('pending');
  });

  it('a notification of another merchant account is refused, and stores nothing', async () => {
    const p = await pendingPayment();
    const other = notification(p, { merchant_id: '701099' });
    expect(await deliver(other)).toEqual({ status: 400, text: 'not a notification of this merchant account' });
    expect(await cues(p.orderNo)).toHaveLength(0);
    expect(await orderStatus(p.sessionId)).toBe('pending');
  });

  it('a status code outside the profile is kept raw, shown in words, refused by owner actions and queried', async () => {
    const p = await pendingPayment();
    const n = notification(p, { payment_status: '7300' });
    expect(await deliver(n)).toEqual({ status: 200, text: 'success' });
    expect(await recorded(n.notify_id)).toMatchObject([{ outcome: 'unknown_status' }]);
    const order = await backend.store.db
      .selectFrom('orders')
      .selectAll()
      .where('session_id', '=', p.sessionId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'unknown', payment_status: '7300' });
    const admin = { Authorization: `Bearer ${backend.config.adminToken}` };
    const view = await callJson(`${backend.url}/admin/api/orders/${order.order_no}`, { method: 'GET', headers: admin });
    expect(JSON.stringify(view.body)).toContain('the gateway reported status 7300, which this version does not know');
    for (const action of ['capture', 'cancel', 'refund']) {
      const res = await callJson(`${backend.url}/admin/api/orders/${action}`, {
        headers: admin,
        body: { orders: [{ order_no: order.order_no }] },
      });
      expect(res.body.results[0], action).toMatchObject({ ok: false, error: { code: 'E0009' } });
      expect(res.body.results[0].error.message, action).toContain('status 7300');
    }
    // the reconcile loop settles it by query: the gateway says pending
    const attempt = await backend.store.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('session_id', '=', p.sessionId)
      .executeTakeFirstOrThrow();
    expect(attempt.next_check_at! <= new Date().toISOString()).toBe(true);
    await backend.reconcile();
    expect(await orderStatus(p.sessionId)).toBe('pending');
  });

  it('a notify_type outside the profile is acknowledged, not applied, and its order queried', async () => {
    const p = await pendingPayment();
    const queries = async () =>
      (await audit(p.orderNo, 'gateway_call')).filter((e) => e.summary.startsWith('query')).length;
    await vi.waitFor(async () => expect(await queries()).toBe(1));
    const n = notification(p, { notify_type: 'CHARGEBACK', payment_status: '3000' });
    expect(await deliver(n)).toEqual({ status: 200, text: 'success' });
    // a cue, though its signature verifies: what an unknown type means is not known
    expect(await cuesDone(p.orderNo)).toMatchObject([
      { notify_type: 'CHARGEBACK', verified: 1, outcome: 'same_status' },
    ]);
    expect(await recorded(n.notify_id)).toHaveLength(0);
    await vi.waitFor(async () => expect(await queries()).toBe(2));
    // the gateway says pending: the paid the message claimed was not applied
    expect(await orderStatus(p.sessionId)).toBe('pending');
  });

  it('ignores a duplicated delivery (same notify_id), also when copies arrive at once', async () => {
    const p = await pendingPayment();
    const n = notification(p);
    const answers = await Promise.all([1, 2, 3, 4].map(() => deliver(n)));
    expect(answers).toEqual(Array(4).fill({ status: 200, text: 'success' }));
    expect(await recorded(n.notify_id)).toMatchObject([{ outcome: 'applied' }]);
    expect(await audit(p.orderNo, 'transition')).toHaveLength(1);
    expect((await audit(p.orderNo, 'ignored')).filter((e) => e.summary.includes('duplicate delivery'))).toHaveLength(3);
  });

  it('ignores a replay under a new notify_id: the status is already applied', async () => {
    const p = await pendingPayment();
    await deliver(notification(p));
    const replay = notification(p);
    expect(await deliver(replay)).toEqual({ status: 200, text: 'success' });
    expect(await recorded(replay.notify_id)).toMatchObject([{ outcome: 'same_status' }]);
    expect(await audit(p.orderNo, 'transition')).toHaveLength(1);
  });

  it('never moves backwards: a late pending after paid, and an out-of-order authorised after refunded', async () => {
    const p = await pendingPayment();
    await deliver(notification(p));
    const late = notification(p, { payment_status: '1000', message: '1000:Pending' });
    expect(await deliver(late)).toEqual({ status: 200, text: 'success' });
    expect(await recorded(late.notify_id)).toMatchObject([{ outcome: 'backwards' }]);
    expect(await orderStatus(p.sessionId)).toBe('paid');

    // issue #31: a refund's notification is a cue even when verified (the profile does not trust the kind): its
    // "refunded" is not applied, the gateway is asked, and says pending
    const q = await pendingPayment();
    expect((await deliver(notification(q, { notify_type: 'REFUND RESULT', payment_status: '4100' }))).status).toBe(200);
    expect(await cuesDone(q.orderNo)).toMatchObject([{ kind: 'refund', verified: 1 }]);
    expect(await orderStatus(q.sessionId)).toBe('pending');
  });

  it('does not apply an amount or currency that differs from the order: it asks the gateway instead', async () => {
    const p = await pendingPayment();
    const wrongAmount = notification(p, { amount: '5.00' });
    expect(await deliver(wrongAmount)).toEqual({ status: 200, text: 'success' });
    const wrongCurrency = notification(p, { currency: 'USD' });
    expect((await deliver(wrongCurrency)).status).toBe(200);
    expect(await recorded(wrongAmount.notify_id)).toMatchObject([{ outcome: 'mismatch' }]);
    expect(await recorded(wrongCurrency.notify_id)).toMatchObject([{ outcome: 'mismatch' }]);
    // the gateway says the payment is still pending, so it stays pending
    expect(await orderStatus(p.sessionId)).toBe('pending');
    const queries = (await audit(p.orderNo, 'gateway_call')).filter((e) => e.summary.startsWith('query'));
    expect(queries.length).toBeGreaterThanOrEqual(2);
  });

  it('acknowledges a notification for an order it does not know, and stores no cue for it', async () => {
    const n = notification({ orderNo: 'NOT-OURS-1', transactionId: 'T1' });
    expect(await deliver(n)).toEqual({ status: 200, text: 'success' });
    expect(await recorded(n.notify_id)).toMatchObject([{ outcome: 'unknown_order' }]);
    const unsigned = { ...n, encryption_data: 'c'.repeat(64), notify_id: randomUUID() };
    expect(await deliver(unsigned)).toEqual({ status: 200, text: 'success' });
    expect(await cues('NOT-OURS-1')).toHaveLength(0);
  });

  // issue #31: a notification posted as JSON used to be refused (415)
  it('reads a notification posted as JSON, numbers included, like a form', async () => {
    const p = await pendingPayment();
    const n = notification(p);
    const res = await fetch(`${backend.url}/hooks/gateway`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...n, card: { brand: 'VISA' } }),
    });
    expect({ status: res.status, text: await res.text() }).toEqual({ status: 200, text: 'success' });
    expect(await recorded(n.notify_id)).toMatchObject([{ outcome: 'applied' }]);
    expect(await orderStatus(p.sessionId)).toBe('paid');
    const bad = await fetch(`${backend.url}/hooks/gateway`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    // XML is refused by its type, never read as form fields
    const xml = await fetch(`${backend.url}/hooks/gateway`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml' },
      body: new URLSearchParams(notification(p)).toString(),
    });
    expect(xml.status).toBe(415);
  });
});
