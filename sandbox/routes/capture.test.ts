import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MANUAL, paymentOrder, postJson, signed } from '../testing/gatewayCalls';
import { batch, onlyTransaction, payByCard } from '../testing/flows';
import { startReceiver } from '../testing/startReceiver';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';

let sb: SandboxInProcess;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  // the pending card (0077) must still be pending when it is captured, however slow the machine
  sb = await startSandboxInProcess({ settleMs: 600_000 });
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

describe('/v1/capture', () => {
  it('captures an authorised order in part; the answer echoes encryption_data; CAPTURE RESULT is sent', async () => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder({ notify_url: `${receiver.url}/n` }));
    const request = signed('capture', MANUAL, { capture_orders: [item(p, { amount: '20.00' })] });
    const res = await postJson(`${sb.url}/v1/capture`, request);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(body).toMatchObject({
      merchant_id: '701001',
      account_id: '701001010',
      return_status: '1',
      return_message: 'OK',
      encryption_data: request.encryption_data,
    });
    expect(body.capture_orders).toEqual([
      {
        amount: '20.00',
        currency: 'USD',
        order_no: p.order_no,
        transaction_id: p.transaction_id,
        capture_status: '1',
        error_message: '',
      },
    ]);
    const tx = await onlyTransaction(sb.url, p.order_no);
    expect(tx).toMatchObject({ payment_status: '3000', captured_amount: '20.00' });
    expect((await notified(p.order_no, 'CAPTURE RESULT')).fields).toMatchObject({
      payment_status: '3000',
      capture_amount: '20.00',
    });
  });

  it('capture of a pending order fails that item with E0009 and the others proceed', async () => {
    const pending = await payByCard(sb.url, MANUAL, '4000000000000077', paymentOrder());
    const ok = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const { status, body } = await batch(sb.url, MANUAL, 'capture', [item(pending), item(ok)]);
    expect(status).toBe(200);
    expect(body.return_status).toBe('2');
    expect(body.capture_orders[0]).toMatchObject({
      capture_status: '0',
      error_message: 'E0009:Wrong operation for the order status',
    });
    expect(body.capture_orders[1]).toMatchObject({ capture_status: '1', error_message: '' });
    expect(await statusOf(pending.order_no)).toBe('1000');
    expect(await statusOf(ok.order_no)).toBe('3000');
  });

  it('an amount over the authorised amount, an unknown order and a wrong currency fail per item', async () => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const { body } = await batch(sb.url, MANUAL, 'capture', [
      item(p, { amount: '25.01' }),
      item({ ...p, transaction_id: 'TNOPE' }),
      item(p, { currency: 'EUR' }),
      item(p, { order_no: '' }),
    ]);
    expect(body.capture_orders.map((r: { error_message: string }) => r.error_message.split(':')[0])).toEqual([
      'I0020',
      'I0115',
      'I0023',
      'I0017',
    ]);
    expect(await statusOf(p.order_no)).toBe('2000');
  });

  it('51 orders is over the limit (B0001) and applies none', async () => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const { status, body } = await batch(
      sb.url,
      MANUAL,
      'capture',
      Array.from({ length: 51 }, () => item(p)),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ return_status: '0', code: 'B0001', source: 'capture_orders' });
    expect(await statusOf(p.order_no)).toBe('2000');
  });

  it('refuses a wrong signature (I0013): the signature covers every transaction_id in order', async () => {
    const a = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const b = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const body = signed('capture', MANUAL, { capture_orders: [item(a), item(b)] });
    const res = await postJson(`${sb.url}/v1/capture`, { ...body, capture_orders: [item(b), item(a)] });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      return_status: '0',
      code: 'I0013',
      return_message: 'I0013:Encryption value is incorrect',
    });
    expect(await statusOf(a.order_no)).toBe('2000');
  });

  it.each([
    ['transaction_id', undefined, 'I0059'],
    ['transaction_id', 'T'.repeat(65), 'I0060'],
    ['order_no', 'x'.repeat(51), 'I0018'],
    ['currency', undefined, 'I0022'],
    ['amount', undefined, 'I0019'],
    ['amount', '9'.repeat(16), 'I0020'],
  ])('item %s = %s fails with %s', async (field, value, code) => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const it: Record<string, unknown> = item(p);
    if (value === undefined) delete it[field];
    else it[field] = value;
    const { body } = await batch(sb.url, MANUAL, 'capture', [it]);
    expect(body.capture_orders[0].capture_status).toBe('0');
    expect(body.capture_orders[0].error_message.split(':')[0]).toBe(code);
  });

  it('refuses an envelope without merchant_id (I0001) or without the list (I0059)', async () => {
    const noMerchant = { ...signed('capture', MANUAL, { capture_orders: [] }) };
    delete noMerchant.merchant_id;
    expect(await (await postJson(`${sb.url}/v1/capture`, noMerchant)).json()).toMatchObject({ code: 'I0001' });
    const noList = await postJson(`${sb.url}/v1/capture`, signed('capture', MANUAL, {}));
    expect(noList.status).toBe(400);
    expect(await noList.json()).toMatchObject({ code: 'I0059', source: 'capture_orders' });
  });
});
