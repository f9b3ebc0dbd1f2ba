import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { createGatewayClient, GatewayRejectedError, type GatewayCallRecord, type GatewayClient } from './index';
import { payByCard, pressIssuerButton } from './testing/playShopper';
import { serveFake, type FakeServer } from './testing/serveFake';

// The client against the real sandbox gateway over loopback HTTP (served in this process; no code shared).
let sandbox: Sandbox;
let receiver: FakeServer;
const notifications: Record<string, string>[] = [];
const records: GatewayCallRecord[] = [];
let manual: GatewayClient;

const demo = { merchantId: '701001', accountId: '701001010', signKey: 'sk_sandbox_701001010' };
const uniq = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  sandbox = await startSandbox();
  const app = new Hono();
  app.post('/hooks/gateway', async (c) => {
    notifications.push(Object.fromEntries(new URLSearchParams(await c.req.text())));
    return c.text('success');
  });
  receiver = await serveFake(app);
  manual = createGatewayClient({ baseUrl: sandbox.url, ...demo, timeoutMs: 10_000, onCall: (r) => records.push(r) });
});
afterAll(async () => {
  await receiver?.close();
  await sandbox?.close();
});

function order(orderNo: string, currency = 'USD', amount = '25.00') {
  return {
    order_no: orderNo,
    currency,
    amount,
    website: 'shop.example',
    return_url: 'https://shop.example/pay/return/p1',
    notify_url: `${receiver.url}/hooks/gateway`,
    items: [{ name: 'T-shirt', sku: 'TS-1', unit_price: amount, quantity: 1 }],
    shopper_email: 'ana@example.com',
    shopper_id: 'g_0123456789abcdef0123456789abcdef',
    shopper_ip: '203.0.113.7',
    first_name: 'Ana',
    last_name: 'Silva',
    billing_country: currency === 'BRL' ? 'BR' : 'US',
  };
}

async function statusOf(client: GatewayClient, orderNo: string): Promise<string | undefined> {
  const [record] = await client.query({ orders: [orderNo] });
  return record?.payment_status;
}

describe('APM: authorise, issuer page, refunds', () => {
  it('pays by PIX, verifies the return and the notification, refunds in part and looks the refund up', async () => {
    const orderNo = uniq('APM');
    const res = await manual.authorise({
      ...order(orderNo, 'BRL', '100.00'),
      payment_method: 'PIX',
      document: '12345678909',
    });
    // the sandbox's issuer_url answers 200: it is itself the page for the shopper
    expect(res.redirectUrl).toBe(res.issuerUrl);
    expect(res.result).toMatchObject({ order_no: orderNo, amount: '100.00', currency: 'BRL' });
    const transactionId = res.result.transaction_id!;
    expect(await statusOf(manual, orderNo)).toBe('1000');

    const back = await pressIssuerButton(res.redirectUrl, 'approve');
    expect(back.query).toMatchObject({ order_no: orderNo, transaction_id: transactionId, payment_status: '3000' });
    expect(manual.verifyReturn(back.query, { currency: 'BRL', amount: '100.00' })).toBe(true);
    expect(manual.verifyReturn(back.query, { currency: 'BRL', amount: '10.00' })).toBe(false);
    expect(await statusOf(manual, orderNo)).toBe('3000');

    const note = await vi.waitFor(
      () => {
        const found = notifications.find((n) => n.order_no === orderNo && n.payment_status === '3000');
        expect(found, 'the PAYMENT notification').toBeTruthy();
        return found!;
      },
      { timeout: 10_000 },
    );
    expect(manual.verifyNotification(note)).toBe(true);
    expect(manual.verifyNotification({ ...note, amount: '1.00' })).toBe(false);

    const reference = uniq('RR');
    const refund = await manual.refund([
      {
        transaction_id: transactionId,
        order_no: orderNo,
        currency: 'BRL',
        amount: '100.00',
        refund_amount: '30.00',
        refund_reason: 'damaged',
        refund_reference: reference,
      },
    ]);
    expect(refund.returnStatus).toBe('1');
    expect(refund.items[0]).toMatchObject({ ok: true, transaction_id: transactionId, refund_amount: '30.00' });
    const refundId = String(refund.items[0]!.refund_reference_id);
    expect(refundId).toMatch(new RegExp(`^${transactionId}-\\d+$`));
    // asynchronous at the gateway: received now, partially refunded once it succeeds
    await vi.waitFor(async () => expect(await statusOf(manual, orderNo)).toBe('3100'), {
      timeout: 10_000,
      interval: 20,
    });

    const lookup = await manual.retrievalRefund({ refund_references: [refundId, reference, 'NO-SUCH-REFUND'] });
    expect(lookup.returnStatus).toBe('1');
    expect(lookup.refunds.map((r) => r.refund_reference_id)).toContain(refundId);
    // the docs' answer lists what it found; an unknown reference is simply absent
    expect(lookup.refunds.find((r) => r.refund_reference_id === 'NO-SUCH-REFUND')).toBeUndefined();
    const byOrder = await manual.retrievalRefund({ refund_orders: [orderNo] });
    expect(byOrder.refunds).toEqual([expect.objectContaining({ refund_reference_id: refundId, order_no: orderNo })]);

    const over = await manual.refund([
      { transaction_id: transactionId, order_no: orderNo, currency: 'BRL', amount: '100.00', refund_amount: '80.00' },
    ]);
    expect(over.returnStatus).toBe('2');
    expect(over.items[0]).toMatchObject({ ok: false, errorCode: 'B0002' });

    // the order is paid: the gateway refuses a second payment with its order_no, and says so with I0061
    const again = await manual
      .authorise({ ...order(orderNo, 'BRL', '100.00'), payment_method: 'PIX' })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(GatewayRejectedError);
    expect(again).toMatchObject({ code: 'I0061', httpStatus: 400, outcomeUnknown: false });
  });

  it('an APM the account does not offer is refused with I0092 from the XML error', async () => {
    await expect(
      manual.authorise({ ...order(uniq('APM'), 'BRL', '10.00'), payment_method: 'NOPE' }),
    ).rejects.toMatchObject({
      name: 'GatewayRejectedError',
      code: 'I0092',
      source: 'payment_method',
    });
  });
});

describe('cards: checkout, capture, cancel, review', () => {
  async function authorisedCard(client: GatewayClient, card = '4242424242424242') {
    const orderNo = uniq('CARD');
    const { form } = await client.checkout({
      ...order(orderNo),
      open3d: 'no3DS',
      checkout_time: Math.floor(Date.now() / 1000),
      cart_items: [{ basic_item_data: { name: 'T-shirt', quantity: '1' } }],
    });
    const back = await payByCard(form, card);
    return { orderNo, back, transactionId: back.query.transaction_id! };
  }

  it('a manual-capture card stops at 2000; capture moves it to 3000 once, a second capture fails with E0009', async () => {
    const { orderNo, back, transactionId } = await authorisedCard(manual);
    expect(back.query.payment_status).toBe('2000');
    expect(manual.verifyReturn(back.query, { currency: 'USD', amount: '25.00' })).toBe(true);
    const [record] = await manual.query({ trades: [transactionId] });
    expect(record).toMatchObject({ order_no: orderNo, payment_status: '2000', query_result: '1' });

    const item = { transaction_id: transactionId, order_no: orderNo, currency: 'USD', amount: '25.00' };
    const first = await manual.capture([item]);
    expect(first.items[0]).toMatchObject({ ok: true, transaction_id: transactionId });
    expect(await statusOf(manual, orderNo)).toBe('3000');
    const second = await manual.capture([item]);
    expect(second.returnStatus).toBe('2');
    expect(second.items[0]).toMatchObject({ ok: false, errorCode: 'E0009' });
  });

  it('cancel of an authorised card order', async () => {
    const { orderNo, transactionId } = await authorisedCard(manual);
    const res = await manual.cancel([
      { transaction_id: transactionId, order_no: orderNo, currency: 'USD', amount: '25.00' },
    ]);
    expect(res.items[0]).toMatchObject({ ok: true });
    expect(await statusOf(manual, orderNo)).toBe('5000');
  });

  it('review: a held card (6000) approved on the auto-capture account becomes paid', async () => {
    const auto = createGatewayClient({
      baseUrl: sandbox.url,
      merchantId: '701001',
      accountId: '701001020',
      signKey: 'sk_sandbox_701001020',
    });
    const held = await authorisedCard(auto, '4000000000000259');
    expect(held.back.query.payment_status).toBe('6000');
    const res = await auto.review([
      {
        transaction_id: held.transactionId,
        order_no: held.orderNo,
        currency: 'USD',
        amount: '25.00',
        review_flag: '1',
      },
    ]);
    expect(res.items[0]).toMatchObject({ ok: true });
    expect(await statusOf(auto, held.orderNo)).toBe('3000');
    // another account's transaction is invisible to the demo account
    await expect(manual.query({ trades: [held.transactionId] })).resolves.toEqual([
      expect.objectContaining({ query_result: '0' }),
    ]);
  });
});

describe('queries, payouts and rejections', () => {
  it('splits 150 order numbers into two calls and returns every record', async () => {
    const before = records.filter((r) => r.operation === 'query').length;
    const orders = Array.from({ length: 150 }, (_, i) => `MISSING-${i}`);
    const found = await manual.query({ orders });
    expect(found).toHaveLength(150);
    expect(found.every((r) => r.query_result === '0')).toBe(true);
    expect(records.filter((r) => r.operation === 'query').length - before).toBe(2);
  });

  it('a wrong sign key is refused with I0013 in each error format (JSON, XML, HTML)', async () => {
    const forged = createGatewayClient({ baseUrl: sandbox.url, ...demo, signKey: 'sk_wrong_key' });
    await expect(forged.query({ orders: ['A'] })).rejects.toMatchObject({
      code: 'I0013',
      source: 'encryption_data',
      httpStatus: 400,
    });
    await expect(forged.authorise({ ...order(uniq('X')), payment_method: 'PIX' })).rejects.toMatchObject({
      code: 'I0013',
      source: 'encryption_data',
    });
    await expect(forged.checkout(order(uniq('X')))).rejects.toMatchObject({ code: 'I0013', source: 'encryption_data' });
    await expect(
      forged.capture([{ transaction_id: 'T', order_no: 'O', currency: 'USD', amount: '1.00' }]),
    ).rejects.toMatchObject({ code: 'I0013' });
  });

  it('pays out once per request_id: a replay answers the same payout, other content is E0008', async () => {
    const request = {
      request_id: randomUUID(),
      payment_amount: '250.00',
      payment_currency: 'EUR',
      fee_paid_by: 'PAYER' as const,
      payment_method: 'SWIFT',
      beneficiary: {
        first_name: 'Ana',
        last_name: 'Silva',
        entity_type: 'PERSONAL',
        address: { country_code: 'DE', city: 'Berlin' },
        bank_details: { iban: 'DE89370400440532013000', bank_country_code: 'DE', account_currency: 'EUR' },
      },
    };
    const first = await manual.payout(request);
    expect(first).toMatchObject({ request_id: request.request_id, status: 'COMPLETED', payment_amount: '250.00' });
    const replay = await manual.payout(request);
    expect(replay.transaction_id).toBe(first.transaction_id);
    await expect(manual.payout({ ...request, payment_amount: '251.00' })).rejects.toMatchObject({
      name: 'GatewayRejectedError',
      code: 'E0008',
    });
  });

  it('the audit records of all of this hold no sign key and no full IBAN', () => {
    const text = JSON.stringify(records);
    expect(records.length).toBeGreaterThan(10);
    expect(text).not.toContain('sk_sandbox_701001010');
    expect(text).not.toContain('DE89370400440532013000');
  });
});
