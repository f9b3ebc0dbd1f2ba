import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTO, MANUAL, paymentOrder } from '../testing/gatewayCalls';
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

describe('/v1/review', () => {
  it('review_flag 1 approves to 2000 on a manual account and 3000 on an auto one; 0 rejects to 5000', async () => {
    const m = await payByCard(sb.url, MANUAL, '4000000000000259', paymentOrder({ notify_url: `${receiver.url}/n` }));
    const a = await payByCard(sb.url, AUTO, '4000000000000259', paymentOrder());
    const r = await payByCard(sb.url, MANUAL, '4000000000000259', paymentOrder());
    expect([m.payment_status, a.payment_status, r.payment_status]).toEqual(['6000', '6000', '6000']);
    const manual = await batch(sb.url, MANUAL, 'review', [
      item(m, { review_flag: '1' }),
      item(r, { review_flag: '0' }),
    ]);
    expect(manual.body.return_status).toBe('1');
    expect(manual.body.review_orders[0]).toMatchObject({ review_flag: '1', review_status: '1', error_message: '' });
    expect(await statusOf(m.order_no)).toBe('2000');
    expect(await statusOf(r.order_no)).toBe('5000');
    await batch(sb.url, AUTO, 'review', [item(a, { review_flag: '1' })]);
    expect(await statusOf(a.order_no)).toBe('3000');
    expect((await notified(m.order_no, 'REVIEW RESULT')).fields.payment_status).toBe('2000');
  });

  it('reviewing an order not under review fails with E0009; a bad flag with I0059', async () => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const { body } = await batch(sb.url, MANUAL, 'review', [
      item(p, { review_flag: '1' }),
      item(p, { review_flag: 'yes' }),
      item(p),
    ]);
    expect(body.review_orders.map((x: { error_message: string }) => x.error_message.split(':')[0])).toEqual([
      'E0009',
      'I0059',
      'I0059',
    ]);
  });

  it('101 orders is over the limit (B0001); 100 is not', async () => {
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        transaction_id: `T${i}`,
        order_no: `O${i}`,
        currency: 'USD',
        amount: '1.00',
        review_flag: '1',
      }));
    const over = await batch(sb.url, MANUAL, 'review', items(101));
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('B0001');
    const limit = await batch(sb.url, MANUAL, 'review', items(100));
    expect(limit.status).toBe(200);
    expect(limit.body.review_orders).toHaveLength(100);
  });
});
