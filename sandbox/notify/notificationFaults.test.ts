import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { batch, notificationsOf, payByCard, type NotificationView } from '../testing/flows';
import { addFault, clearFaults, listFaults } from '../testing/faults';
import { AUTO, MANUAL, paymentOrder } from '../testing/gatewayCalls';
import { startReceiver } from '../testing/startReceiver';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';

let sb: SandboxInProcess;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  sb = await startSandboxInProcess({ notifyScale: 0.01 });
  receiver = await startReceiver();
});
afterEach(() => clearFaults(sb.url));
afterAll(async () => {
  await sb?.close();
  await receiver?.close();
});

const hook = () => paymentOrder({ notify_url: `${receiver.url}/hook` });
const receivedFor = (orderNo: string) => receiver.received.filter((r) => r.fields.order_no === orderNo);

async function settled(orderNo: string, count = 1): Promise<NotificationView[]> {
  return vi.waitFor(
    async () => {
      const list = await notificationsOf(sb.url, orderNo);
      expect(
        list.length === count && list.every((n) => n.state === 'delivered'),
        `${count} notification(s) of ${orderNo} delivered`,
      ).toBe(true);
      return list;
    },
    { timeout: 10_000 },
  );
}

describe('notification faults', () => {
  it('drop: marked delivered, never sent; other orders are not touched', async () => {
    const dropped = hook();
    const rule = await addFault(sb.url, { endpoint: 'notify', order_no: dropped.order_no, fault: { kind: 'drop' } });
    const p = await payByCard(sb.url, AUTO, '4242424242424242', dropped);
    const [n] = await settled(p.order_no);
    expect(n!.attempts).toEqual([
      expect.objectContaining({ http_status: null, error: expect.stringContaining(rule.id) }),
    ]);

    // a later notification to the same receiver arrives, so the dropped one was not merely slow
    const other = await payByCard(sb.url, AUTO, '4242424242424242', hook());
    await vi.waitFor(() => expect(receivedFor(other.order_no).length, 'the other order notified').toBe(1), {
      timeout: 10_000,
    });
    expect(receivedFor(p.order_no)).toEqual([]);
  });

  it('duplicate: the same signed event arrives twice; with times 1 the next event arrives once', async () => {
    const order = hook();
    await addFault(sb.url, { endpoint: 'notify', order_no: order.order_no, times: 1, fault: { kind: 'duplicate' } });
    const p = await payByCard(sb.url, AUTO, '4242424242424242', order);
    const [n] = await settled(p.order_no);
    const twice = receivedFor(p.order_no);
    expect(twice).toHaveLength(2);
    expect(twice[1]!.fields).toEqual(twice[0]!.fields);
    expect(twice[0]!.fields.notify_id).toBe(n!.notify_id);
    expect(n!.attempts.map((a) => a.http_status)).toEqual([200, 200]);

    const item = {
      transaction_id: p.transaction_id,
      order_no: p.order_no,
      currency: 'USD',
      amount: '25.00',
      refund_amount: '1.00',
      refund_reason: 'returned',
    };
    expect((await batch(sb.url, AUTO, 'refund', [item])).body.return_status).toBe('1');
    await settled(p.order_no, 4);
    expect(receivedFor(p.order_no).map((r) => r.fields.notify_type)).toEqual([
      'PAYMENT',
      'PAYMENT',
      'REFUND RECIEVED',
      'REFUND ACCEPTED',
      'REFUND RESULT',
    ]);
  });

  it('duplicate scoped to an account: that account is sent twice, the other once', async () => {
    await addFault(sb.url, { endpoint: 'notify', account_id: MANUAL.account_id, fault: { kind: 'duplicate' } });
    const manual = await payByCard(sb.url, MANUAL, '4242424242424242', hook());
    const auto = await payByCard(sb.url, AUTO, '4242424242424242', hook());
    await settled(manual.order_no);
    await settled(auto.order_no);
    expect(receivedFor(manual.order_no)).toHaveLength(2);
    expect(receivedFor(auto.order_no)).toHaveLength(1);
  });

  it('delay: the first attempt waits ms after the event', async () => {
    const order = hook();
    await addFault(sb.url, { endpoint: 'notify', order_no: order.order_no, fault: { kind: 'delay', ms: 600 } });
    const p = await payByCard(sb.url, AUTO, '4242424242424242', order);
    const [n] = await settled(p.order_no);
    const [arrived] = receivedFor(p.order_no);
    expect(arrived!.at - Date.parse(n!.created_at)).toBeGreaterThanOrEqual(600);
    expect(n!.attempts).toHaveLength(1);
  });

  it('reorder: the payment notification is held back until the capture result has been sent', async () => {
    const order = hook();
    const rule = await addFault(sb.url, {
      endpoint: 'notify',
      order_no: order.order_no,
      times: 1,
      fault: { kind: 'reorder' },
    });
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', order);
    await vi.waitFor(
      async () =>
        expect(
          (await listFaults(sb.url)).rules.find((r) => r.id === rule.id)?.fired,
          'the payment notification held',
        ).toBe(1),
      { timeout: 10_000 },
    );
    expect(receivedFor(p.order_no)).toEqual([]);

    const item = { transaction_id: p.transaction_id, order_no: p.order_no, currency: 'USD', amount: '25.00' };
    expect((await batch(sb.url, MANUAL, 'capture', [item])).body.return_status).toBe('1');
    await settled(p.order_no, 2);
    expect(receivedFor(p.order_no).map((r) => [r.fields.notify_type, r.fields.payment_status])).toEqual([
      ['CAPTURE RESULT', '3000'],
      ['PAYMENT', '2000'],
    ]);
  });
});
