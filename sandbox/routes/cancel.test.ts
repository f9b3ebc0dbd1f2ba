import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTO, MANUAL, paymentOrder, postForm, signed } from '../testing/gatewayCalls';
import { batch, onlyTransaction, payByCard } from '../testing/flows';
import { startReceiver } from '../testing/startReceiver';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';

let sb: SandboxInProcess;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  sb = await startSandboxInProcess();
  receiver = await startReceiver();
});
afterAll(async () => {
  await sb?.close();
  await receiver?.close();
});

const item = (p: { order_no: string; transaction_id: string }, extra: Record<string, unknown> = {}) => ({
  transaction_id: p.transaction_id,
  order_no: p.order_no,
  currency: 'USD',
  amount: '25.00',
  ...extra,
});
const statusOf = async (orderNo: string) => (await onlyTransaction(sb.url, orderNo)).payment_status;
const notified = (orderNo: string, type: string) =>
  vi.waitFor(
    () => {
      const found = receiver.received.find((r) => r.fields.order_no === orderNo && r.fields.notify_type === type);
      expect(found, `${type} for ${orderNo}`).toBeTruthy();
      return found!;
    },
    { timeout: 10_000 },
  );

describe('/v1/cancel', () => {
  it('cancels an authorised order (5000) and sends CANCEL RESULT; a paid one fails with E0009', async () => {
    const auth = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder({ notify_url: `${receiver.url}/n` }));
    const paid = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
    const { body } = await batch(sb.url, MANUAL, 'cancel', [item(auth)]);
    expect(body).toMatchObject({
      return_status: '1',
      cancel_orders: [{ cancel_status: '1', error_message: '', order_no: auth.order_no }],
    });
    expect(await statusOf(auth.order_no)).toBe('5000');
    expect((await notified(auth.order_no, 'CANCEL RESULT')).fields.payment_status).toBe('5000');
    const other = await batch(sb.url, AUTO, 'cancel', [item(paid)]);
    expect(other.body.cancel_orders[0]).toMatchObject({
      cancel_status: '0',
      error_message: 'E0009:Wrong operation for the order status',
    });
    expect(await statusOf(paid.order_no)).toBe('3000');
  });

  it('a pending (1000) order cannot be cancelled by the merchant (E0009) and stays pending', async () => {
    const order = paymentOrder();
    const res = await postForm(`${sb.url}/v1/checkout`, signed('checkout', MANUAL, order));
    expect(res.status).toBe(200);
    const pending = await onlyTransaction(sb.url, String(order.order_no));
    expect(pending.payment_status).toBe('1000');
    const { body } = await batch(sb.url, MANUAL, 'cancel', [item(pending)]);
    expect(body.cancel_orders[0]).toMatchObject({
      cancel_status: '0',
      error_message: 'E0009:Wrong operation for the order status',
    });
    expect(await statusOf(pending.order_no)).toBe('1000');
  });

  it('an item of another account is not found (I0115)', async () => {
    const auth = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const { body } = await batch(sb.url, AUTO, 'cancel', [item(auth)]);
    expect(body.cancel_orders[0].error_message).toMatch(/^I0115:/);
    expect(await statusOf(auth.order_no)).toBe('2000');
  });

  it('51 orders is over the limit (B0001)', async () => {
    const { status, body } = await batch(
      sb.url,
      MANUAL,
      'cancel',
      Array.from({ length: 51 }, (_, i) => ({
        transaction_id: `T${i}`,
        order_no: `O${i}`,
        currency: 'USD',
        amount: '1.00',
      })),
    );
    expect(status).toBe(400);
    expect(body.code).toBe('B0001');
  });
});
