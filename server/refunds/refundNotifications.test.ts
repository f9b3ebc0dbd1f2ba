/**
 * The refund notifications as the gateway's docs spell them (docs/gateway-evidence.md 8: `REFUND RECIEVED`,
 * `REFUND ACCEPTED`, `REFUND RESULT`), with the fields of docs/protocol-decisions.md 6, written here as literal bodies
 * and signed by hand (never with shared/gateway's tables or signer, which the sandbox shares): duplicated and reordered
 * deliveries change nothing twice and never move a refund back, and a reported failure is believed only when the
 * refund search confirms it. Since issue #31 each notification is a cue: the refund search it prompts decides.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sandboxApi } from '../../testing/sandboxApi';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { admin, orderIn } from '../../testing/adminClient';
import { BULK_ENV } from '../testing/makeOrders';
import { paidPixOrder } from '../../testing/shopClient';
import { faultyGatewayFetch } from '../testing/faultyGatewayFetch';
import { startBackend, type Backend } from '../testing/startBackend';
import { cuesDone } from '../testing/cuesDone';
import { describeOnStores } from '../testing/storeVariants';

interface Paid {
  order_no: string;
  gateway_order_no: string;
  transaction_id: string;
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('refund notifications', (store) => {
  let backend: Backend;
  /** how far the backend's clock runs ahead: reconcile looks up refunds past the in-flight window */
  let ahead = 0;
  beforeAll(async () => {
    // the sandbox's own notifications are dropped: each test delivers exactly the notifications it names
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: BULK_ENV,
      gatewayFetch: faultyGatewayFetch({ dropNotifications: true }).fetch,
      now: () => new Date(Date.now() + ahead),
    });
  });
  afterAll(() => backend?.close());

  /** A paid 50.00 BRL order with one refund of it held in flight at the gateway (received, then accepted). */
  async function heldRefund(): Promise<Paid> {
    const { order_no } = await paidPixOrder(backend, {
      amount: '50.00',
      currency: 'BRL',
      items: undefined,
      country: 'BR',
    });
    const o = { order_no, gateway_order_no: `${order_no}-1`, transaction_id: '' };
    await orderIn(backend, order_no, 'paid');
    o.transaction_id = (await sandboxApi(sandbox.url).transaction(o.gateway_order_no)).transaction_id;
    await sandboxApi(sandbox.url).refundOutcome(o.gateway_order_no, 'hold');
    const sent = await admin(backend, '/orders/refund', { body: { orders: [{ order_no }] } });
    expect(sent.body.results[0]).toMatchObject({ ok: true, refund_state: 'received' });
    await vi.waitFor(
      async () =>
        expect((await sandboxApi(sandbox.url).transaction(o.gateway_order_no)).refunds[0].state).toBe('accepted'),
      { timeout: 10_000, interval: 20 },
    );
    return o;
  }

  /**
   * A notification body: every field literal but the ids, signed over the notification fields of
   * docs/protocol-decisions.md 3.
   */
  function body(o: Paid, type: string, paymentStatus: string, message: string): Record<string, string> {
    const form: Record<string, string> = {
      notify_id: `N${randomUUID()}`,
      notify_type: type,
      merchant_id: '701001',
      account_id: '701001010',
      transaction_id: o.transaction_id,
      order_no: o.gateway_order_no,
      currency: 'BRL',
      amount: '50.00',
      payment_status: paymentStatus,
      message,
      refund_amount: '50.00',
      refund_reference_id: `${o.transaction_id}-01`,
      notify_time: '20250101120000',
    };
    const signed = `701001701001010${o.transaction_id}${o.gateway_order_no}BRL50.00${paymentStatus}`;
    form.encryption_data = createHash('sha256').update(`${signed}sk_sandbox_701001010`).digest('hex');
    return form;
  }
  /**
   * Each delivery moves the backend's clock on by the 2 s a payment's cues wait after its last refund search
   * (server/notifications/processCues.ts), so the search it prompts is made at once, as it would be 2 s later.
   */
  const deliver = async (form: Record<string, string>) => {
    ahead += 2_000;
    const res = await fetch(`${backend.url}/hooks/gateway`, { method: 'POST', body: new URLSearchParams(form) });
    expect([res.status, await res.text()]).toEqual([200, 'success']);
  };
  const detail = async (o: Paid) => (await admin(backend, `/orders/${o.order_no}`)).body;

  /** The refund's status at the backend once every cue of the order was acted on (the refund search answered). */
  const settled = async (o: Paid) => {
    await cuesDone(backend, o.gateway_order_no);
    return detail(o);
  };

  // issue #31: a refund notification is a cue, even signed (docs/protocol-decisions.md 6): it moves nothing by
  // itself; the refund search it prompts (what the gateway answers) decides, once, and never backwards.
  it('duplicated and reordered: each delivery prompts a refund search, whose answer moves the refund once and never back', async () => {
    const o = await heldRefund();
    const accepted = body(o, 'REFUND ACCEPTED', '3000', 'V0000:OK');
    await deliver(accepted);
    await deliver(accepted);
    // the gateway's refund search says accepted: that is what moved it (the reconcile loop did not run)
    expect((await settled(o)).refunds).toMatchObject([{ seq: 1, status: 'accepted' }]);
    // a late "received" after "accepted": the gateway still says accepted, nothing moves back
    await deliver(body(o, 'REFUND RECIEVED', '3000', 'V0000:OK'));
    expect((await settled(o)).refunds).toMatchObject([{ status: 'accepted' }]);
    // a result the gateway does not have yet (a replay, a forgery): the search says accepted, nothing is refunded
    await deliver(body(o, 'REFUND RESULT', '4100', 'V0000:OK'));
    expect(await settled(o)).toMatchObject({ status: 'paid', refunded: null, refunds: [{ status: 'accepted' }] });

    await sandboxApi(sandbox.url).refundResult(`${o.transaction_id}-01`, 'succeeded');
    const result = body(o, 'REFUND RESULT', '4100', 'V0000:OK');
    await deliver(result);
    await deliver(result);
    // the gateway sends the same result again as a new event, then a stale step arrives
    await deliver(body(o, 'REFUND RESULT', '4100', 'V0000:OK'));
    await deliver(body(o, 'REFUND ACCEPTED', '3000', 'V0000:OK'));
    expect(await settled(o)).toMatchObject({
      status: 'refunded',
      refunded: '50.00',
      refunds: [{ seq: 1, status: 'succeeded', amount: '50.00' }],
    });
    // a delivery retried (same notify_id) is one cue, not a second
    const keys = (await cuesDone(backend, o.gateway_order_no)).map((c) => c.cue_key);
    expect(keys.filter((k) => k === `id:${accepted.notify_id}`)).toHaveLength(1);
    expect(keys.filter((k) => k === `id:${result.notify_id}`)).toHaveLength(1);
    expect(keys).toHaveLength(6);
  });

  it('a reported failure is confirmed by the refund search: while the gateway says accepted, the amount stays held', async () => {
    const o = await heldRefund();
    await deliver(body(o, 'REFUND RESULT', '3000', 'R0001:Refund failed: the issuer refused it'));
    expect((await settled(o)).refunds).toMatchObject([{ status: 'accepted' }]);
    const more = await admin(backend, '/orders/refund', {
      body: { orders: [{ order_no: o.order_no, amount: '1.00' }] },
    });
    expect(more.body.results[0]).toMatchObject({ ok: false, error: { code: 'B0002' } });

    await sandboxApi(sandbox.url).refundResult(`${o.transaction_id}-01`, 'failed');
    await deliver(body(o, 'REFUND RESULT', '3000', 'R0001:Refund failed: the issuer refused it'));
    expect(await settled(o)).toMatchObject({
      status: 'paid',
      refunded: null,
      refunds: [{ status: 'failed', message: 'R0001:Refund failed: the issuer refused it' }],
    });
  });

  it('a result whose notification was lost: the reconcile pass finds it by reference and applies it once', async () => {
    const o = await heldRefund();
    await sandboxApi(sandbox.url).refundResult(`${o.transaction_id}-01`, 'succeeded');
    expect((await detail(o)).refunds).toMatchObject([{ status: 'received' }]);
    ahead += 60_000;
    await backend.reconcile();
    await backend.reconcile();
    expect(await detail(o)).toMatchObject({
      status: 'refunded',
      refunded: '50.00',
      refunds: [{ status: 'succeeded' }],
    });
  });
});
