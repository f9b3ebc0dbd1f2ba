import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { admin, orderIn, orderOf } from '../../../testing/adminClient';
import { callJson, createSession, paymentBody } from '../../../testing/shopClient';
import { payByCard } from '../../gateway/testing/playShopper';
import { sandboxApi } from '../../../testing/sandboxApi';
import { startSandbox, type Sandbox } from '../../../testing/startSandboxInProcess';
import { startBackend, type Backend } from '../../testing/startBackend';
import { cuesDone } from '../../testing/cuesDone';
import { describeOnStores } from '../../testing/storeVariants';
import { BULK_ENV, makeOrders, type MadeOrder } from '../../testing/makeOrders';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ disputeMs: 300 });
});
afterAll(() => sandbox?.close());

/** YYYYMMDD, `days` from today (UTC), as the gateway writes respond_by. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

describeOnStores('disputes from the gateway to the owner', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV });
  });
  afterAll(() => backend?.close());

  const gateway = () => sandboxApi(sandbox.url);
  /** The owner's view of one dispute once `done` holds. */
  const disputeWhen = (id: string, done: (d: Record<string, any>) => boolean) =>
    vi.waitFor(
      async () => {
        const res = await admin(backend, `/disputes/${id}`);
        expect(res.status === 200 && done(res.body), `dispute ${id}: ${JSON.stringify(res.body)}`).toBe(true);
        return res.body as Record<string, any>;
      },
      { timeout: 15_000, interval: 50 },
    );
  const refund = async (order: MadeOrder, amount?: string) =>
    (
      await admin(backend, '/orders/refund', {
        body: { orders: [{ order_no: order.order_no, ...(amount ? { amount } : {}) }] },
      })
    ).body.results[0];
  /**
   * The dispute notifications the backend stored for the order, as cues (issue #31: a dispute notification is a cue;
   * the query it prompts decides), once every cue was acted on.
   */
  const disputeCues = async (order: MadeOrder) =>
    (await cuesDone(backend, order.gateway_order_no))
      .filter((c) => c.notify_type.startsWith('DISPUTE'))
      .map((c) => c.notify_type)
      .sort();

  it('a dispute opened is shown with its days left, then lost: the refundable amount drops by it', async () => {
    const [order] = await makeOrders(backend, 1, 'paid');
    const opened = await gateway().openDispute({
      transaction_id: order!.transaction_id,
      amount: '20.00',
      reason_code: '13.1',
      reason: 'Merchandise not received',
      respond_by: inDays(3),
    });
    const shown = await disputeWhen(opened.dispute_id, (d) => d.state === 'open');
    expect(shown).toMatchObject({
      order_no: order!.order_no,
      amount: '20.00',
      currency: 'BRL',
      reason_code: '13.1',
      reason: 'Merchandise not received',
      days_left: 3,
      outcome: null,
      order: { order_no: order!.order_no, status: 'paid' },
    });
    const open = await admin(backend, '/disputes?state=open&due_within_days=3');
    expect(open.body.disputes.map((d: { dispute_id: string }) => d.dispute_id)).toContain(opened.dispute_id);
    const detail = await orderOf(backend, order!.order_no);
    expect((detail as any).disputes).toEqual([
      expect.objectContaining({ dispute_id: opened.dispute_id, state: 'open' }),
    ]);
    expect(detail.events.some((e) => e.type === 'dispute' && String(e.detail).includes(opened.dispute_id))).toBe(true);

    await gateway().decideDispute(opened.dispute_id, 'lost');
    await disputeWhen(opened.dispute_id, (d) => d.outcome === 'lost' && d.state === 'closed' && d.days_left === null);
    const lost = await admin(backend, '/disputes?state=lost');
    expect(lost.body.disputes.map((d: { dispute_id: string }) => d.dispute_id)).toContain(opened.dispute_id);
    expect((await orderOf(backend, order!.order_no)).lost_in_disputes).toBe('20.00');
    const listed = await admin(backend, `/orders?q=${order!.order_no}`);
    expect(listed.body.orders[0]).toMatchObject({ order_no: order!.order_no, lost_in_disputes: '20.00' });
    // 50.00 captured, 20.00 taken back by the chargeback: 30.00 is all that can still be refunded
    const over = await refund(order!, '30.01');
    expect(over).toMatchObject({ ok: false, error: { code: 'B0002' } });
    expect(over.error.message).toContain('30.00 BRL left');
    // refunds are asynchronous: received now, refunded once the gateway's result arrives
    expect(await refund(order!)).toMatchObject({ ok: true, refund_state: expect.any(String) });
    await orderIn(backend, order!.order_no, 'refunded');
    const refunds = (await orderOf(backend, order!.order_no)).refunds;
    expect(refunds.map((r) => r.amount)).toEqual(['30.00']);
  });

  it('a dispute won leaves the whole amount refundable', async () => {
    const [order] = await makeOrders(backend, 1, 'paid');
    const opened = await gateway().openDispute({
      transaction_id: order!.transaction_id,
      outcome: 'won',
      decide_in_ms: 0,
    });
    await disputeWhen(opened.dispute_id, (d) => d.outcome === 'won');
    expect(await refund(order!, '50.00')).toMatchObject({ ok: true, refund_state: expect.any(String) });
    await orderIn(backend, order!.order_no, 'refunded');
  });

  it('duplicated and reordered dispute notifications change nothing twice', async () => {
    const [order] = await makeOrders(backend, 1, 'paid');
    await gateway().addFault({
      endpoint: 'notify',
      order_no: order!.gateway_order_no,
      times: 1,
      fault: { kind: 'reorder' },
    });
    await gateway().addFault({ endpoint: 'notify', order_no: order!.gateway_order_no, fault: { kind: 'duplicate' } });
    try {
      // RECIEVED is held back until RESULT has been sent: the result arrives first, then the opening, each twice
      const opened = await gateway().openDispute({ transaction_id: order!.transaction_id, amount: '5.00' });
      await gateway().decideDispute(opened.dispute_id, 'lost');
      // each delivered twice, one cue each (deduplicated by notify_id); the query they prompt says lost
      await vi.waitFor(async () => expect(await disputeCues(order!)).toEqual(['DISPUTE RECIEVED', 'DISPUTE RESULT']), {
        timeout: 15_000,
      });
      await disputeWhen(opened.dispute_id, (d) => d.outcome === 'lost');
      expect(await disputeCues(order!)).toEqual(['DISPUTE RECIEVED', 'DISPUTE RESULT']);
      const events = (await orderOf(backend, order!.order_no)).events.filter(
        (e: { type: string }) => e.type === 'dispute',
      );
      expect(events).toHaveLength(1);
      expect((await orderOf(backend, order!.order_no)).lost_in_disputes).toBe('5.00');
      expect(await refund(order!, '45.01')).toMatchObject({ ok: false, error: { code: 'B0002' } });
    } finally {
      await gateway().clearFaults();
    }
  });

  it('an open dispute whose result never arrived is settled by the reconcile query', async () => {
    const [order] = await makeOrders(backend, 1, 'paid');
    const opened = await gateway().openDispute({ transaction_id: order!.transaction_id, amount: '10.00' });
    await disputeWhen(opened.dispute_id, (d) => d.state === 'open');
    await gateway().addFault({ endpoint: 'notify', order_no: order!.gateway_order_no, fault: { kind: 'drop' } });
    try {
      await gateway().decideDispute(opened.dispute_id, 'lost');
      await vi.waitFor(
        async () => {
          const sent = await gateway().notifications(order!.gateway_order_no);
          expect(sent.some((n) => n.notify_type === 'DISPUTE RESULT' && n.state === 'delivered')).toBe(true);
        },
        { timeout: 15_000 },
      );
      expect((await admin(backend, `/disputes/${opened.dispute_id}`)).body.state).toBe('open');
      await backend.reconcile();
      expect((await admin(backend, `/disputes/${opened.dispute_id}`)).body).toMatchObject({
        state: 'closed',
        outcome: 'lost',
      });
    } finally {
      await gateway().clearFaults();
    }
  });

  it('the dispute test card: captured, then disputed and lost by itself; the owner sees it lost', async () => {
    const session = await createSession(backend, { amount: '20.00', currency: 'USD', items: undefined });
    const pay = await callJson(`${backend.url}/api/sessions/${session.id}/payments`, {
      body: paymentBody(session.client_secret, 'card'),
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(pay.status).toBe(200);
    await payByCard(await (await fetch(pay.body.action.url as string)).text(), '4000000000002685');
    await orderIn(backend, session.order_no, 'authorised');
    const captured = await admin(backend, '/orders/capture', { body: { orders: [{ order_no: session.order_no }] } });
    expect(captured.body.results[0]).toMatchObject({ ok: true, status: 'paid' });
    const lost = await vi.waitFor(
      async () => {
        const detail = await orderOf(backend, session.order_no);
        expect(detail.disputes?.[0]?.outcome, 'the dispute lost').toBe('lost');
        return detail.disputes![0]!;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(lost).toMatchObject({ amount: '20.00', currency: 'USD', reason_code: '4837', state: 'closed' });
    expect(await refund({ order_no: session.order_no } as MadeOrder)).toMatchObject({
      ok: false,
      error: { code: 'B0002' },
    });
  });

  it('lists in cursor pages, sums up for the overview, and refuses wrong filters naming the field', async () => {
    const first = await admin(backend, '/disputes?limit=1');
    expect(first.status).toBe(200);
    expect(first.body.disputes).toHaveLength(1);
    const second = await admin(backend, `/disputes?limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body.disputes[0].dispute_id).not.toBe(first.body.disputes[0].dispute_id);
    const summary = await admin(backend, '/disputes/summary');
    expect(summary.body).toMatchObject({ count: 5, lost: 4, open: 0 });
    expect(summary.body.disputed).toEqual(
      expect.arrayContaining([
        { currency: 'BRL', amount: '85.00' },
        { currency: 'USD', amount: '20.00' },
      ]),
    );
    expect(summary.body.rate).toBeGreaterThan(0);
    for (const [query, field] of [
      ['state=bogus', 'state'],
      ['due_within_days=-1', 'due_within_days'],
      ['due_within_days=soon', 'due_within_days'],
      ['state=won&due_within_days=3', 'due_within_days'],
      ['limit=0', 'limit'],
      ['cursor=nope', 'cursor'],
      ['color=red', 'color'],
    ]) {
      const res = await admin(backend, `/disputes?${query}`);
      expect(res.status, query).toBe(400);
      expect(
        res.body.error.fields.map((f: { path: string }) => f.path),
        query,
      ).toContain(field);
    }
    expect((await admin(backend, '/disputes/DNOPE')).status).toBe(404);
  });
});
