/**
 * The gateway's notifications under the sandbox's notify faults: dropped, duplicated, delayed, reordered. For
 * each: the order ends where the gateway says it is (after a reconcile pass when nothing else arrives), every
 * notification is applied at most once and never moves an order backwards, the gateway took the payment once,
 * and the owner's audit log shows what arrived and what was ignored.
 */
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandboxProcess, type RunningSandbox } from '../../testing/startSandboxProcess';
import { BULK_ENV } from '../../server/testing/makeOrders';
import { startBackend, type Backend } from '../../server/testing/startBackend';
import { describeOnStores } from '../../server/testing/storeVariants';
import { admin, auditLine, auditLines, orderIn, orderOf } from '../../testing/adminClient';
import { addFault, clearCountingFaults } from './lib/faults';
import { paymentsTaken } from './lib/gateway';
import { approveOnIssuerPage, followReturn, startPix } from '../../testing/shopClient';
import { once, useTally } from './lib/tally';

const tally = useTally('notificationFaults');

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandboxProcess();
});
afterAll(() => sandbox?.close());

describeOnStores('notifications under faults', (store) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: { ...BULK_ENV, RECONCILE_PENDING_AFTER_MS: '1' },
    });
  });
  afterAll(() => backend?.close());
  afterEach(() => clearCountingFaults(sandbox.url, tally));
  const gw = () => sandboxApi(sandbox.url);

  /** A Pix payment up to the issuer page, with a notify fault armed for its PAYMENT notification. */
  async function pixWithFault(fault: Record<string, unknown>) {
    const { session, issuerUrl } = await startPix(backend.url);
    const gatewayNo = (await orderOf(backend.url, session.order_no)).attempts[0]!.gateway_order_no;
    await addFault(sandbox.url, { endpoint: 'notify', order_no: gatewayNo, times: 1, fault });
    return { session, issuerUrl, gatewayNo };
  }
  const notificationsOf = async (gatewayNo: string, type: string) =>
    (await gw().notifications(gatewayNo)).filter((n) => n.notify_type === type);
  const delivered = (gatewayNo: string, type: string) =>
    vi.waitFor(
      async () => {
        const [n] = await notificationsOf(gatewayNo, type);
        expect(n?.state, `the ${type} notification of ${gatewayNo} delivered`).toBe('delivered');
        return n!;
      },
      { timeout: 10_000 },
    );
  /** rows of the backend's own notifications table for one notify_id: 1 when it was applied once */
  const storedNotifications = async (notifyId: string) =>
    (await backend.store.db.selectFrom('notifications').select('notify_id').where('notify_id', '=', notifyId).execute())
      .length;

  it('dropped: the shopper never returns either; reconcile finds the order paid', async () => {
    const { session, issuerUrl, gatewayNo } = await pixWithFault({ kind: 'drop' });
    await approveOnIssuerPage(issuerUrl);
    const n = await delivered(gatewayNo, 'PAYMENT');
    expect(n.attempts).toEqual([
      expect.objectContaining({ http_status: null, error: expect.stringContaining('dropped by sandbox fault') }),
    ]);
    expect((await orderOf(backend.url, session.order_no)).status).toBe('pending');

    await backend.reconcile();
    expect((await orderOf(backend.url, session.order_no)).status).toBe('paid');
    expect(await storedNotifications(n.notify_id)).toBe(0);
    expect(once(tally, await paymentsTaken(backend.url, sandbox.url, session.order_no))).toBe(1);
    const lines = await auditLines(backend.url, session.order_no);
    expect(lines).toContain('transition: query: pending -> paid');
    expect(lines.filter((l) => l.startsWith('notification: '))).toEqual([]);
  });

  it('duplicated: both deliveries are acknowledged, the second is recorded as a duplicate and changes nothing', async () => {
    const { session, issuerUrl, gatewayNo } = await pixWithFault({ kind: 'duplicate' });
    await approveOnIssuerPage(issuerUrl);
    const n = await delivered(gatewayNo, 'PAYMENT');
    expect(n.attempts.map((a) => a.http_status)).toEqual([200, 200]);
    expect((await orderOf(backend.url, session.order_no)).status).toBe('paid');
    expect(once(tally, await storedNotifications(n.notify_id))).toBe(1);
    const lines = await auditLines(backend.url, session.order_no);
    expect(lines.filter((l) => l.startsWith(auditLine(`notification: notification ${n.notify_id} `)))).toEqual([
      auditLine(`notification: notification ${n.notify_id} (PAYMENT 3000): applied`),
    ]);
    expect(lines).toContain(auditLine(`ignored: notification ${n.notify_id}: duplicate delivery`));
    expect(once(tally, await paymentsTaken(backend.url, sandbox.url, session.order_no))).toBe(1);
  });

  it('delayed: the shopper returns first (confirmed by query), the late notification is acknowledged and ignored', async () => {
    const { session, issuerUrl, gatewayNo } = await pixWithFault({ kind: 'delay', ms: 1500 });
    await followReturn(await approveOnIssuerPage(issuerUrl));
    expect((await orderOf(backend.url, session.order_no)).status).toBe('paid');
    const [pending] = await notificationsOf(gatewayNo, 'PAYMENT');
    expect(pending!.attempts).toEqual([]);

    const n = await delivered(gatewayNo, 'PAYMENT');
    expect(n.attempts.map((a) => a.http_status)).toEqual([200]);
    expect((await orderOf(backend.url, session.order_no)).status).toBe('paid');
    expect(once(tally, await storedNotifications(n.notify_id))).toBe(1);
    const lines = await auditLines(backend.url, session.order_no);
    expect(lines).toContain('transition: query: pending -> paid');
    expect(lines).toContain('ignored: notification: already paid');
    expect(once(tally, await paymentsTaken(backend.url, sandbox.url, session.order_no))).toBe(1);
  });

  it('reordered: the payment notification arrives after the refund one and does not move the order back', async () => {
    const { session, issuerUrl, gatewayNo } = await pixWithFault({ kind: 'reorder' });
    await followReturn(await approveOnIssuerPage(issuerUrl));
    expect((await orderOf(backend.url, session.order_no)).status).toBe('paid');
    const refund = await admin(backend.url, '/orders/refund', {
      body: { orders: [{ order_no: session.order_no }] },
    });
    expect(refund.body.results[0]).toMatchObject({ ok: true, refund_state: expect.any(String) });

    // the refund's first step (REFUND RECIEVED) is the next event: the held PAYMENT reaches the backend after it
    const received = await delivered(gatewayNo, 'REFUND RECIEVED');
    const paid = await delivered(gatewayNo, 'PAYMENT');
    expect(Date.parse(paid.attempts[0]!.at)).toBeGreaterThanOrEqual(Date.parse(received.attempts[0]!.at));
    expect(paid.attempts.map((a) => a.http_status)).toEqual([200]);
    await delivered(gatewayNo, 'REFUND RESULT');
    const order = await orderIn(backend.url, session.order_no, 'refunded');
    expect(order.refunds.map((r) => r.status)).toEqual(['succeeded']);
    const lines = await auditLines(backend.url, session.order_no);
    // issue #31: the refund's notifications are cues; the refund search they prompt moved the refund, and the query
    // the order, forward only; none was applied as a notification
    expect(lines).toContainEqual(expect.stringMatching(/^refund: refund .+ looked up at the gateway: succeeded$/));
    expect(lines.filter((l) => l.startsWith('transition: '))).toEqual([
      'transition: query: pending -> paid',
      'transition: query: paid -> refunded',
    ]);
    expect(lines.filter((l) => /^notification: .*REFUND/.test(l))).toEqual([]);
    const [tx] = await gw().transactions(gatewayNo);
    expect(once(tally, (tx!.refunds as unknown[]).length)).toBe(1);
    expect(once(tally, await paymentsTaken(backend.url, sandbox.url, session.order_no))).toBe(1);
  });
});
