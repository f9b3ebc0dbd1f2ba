import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILT_IN_ACCOUNTS } from '../accounts';
import { AUTO, MANUAL, paymentOrder, postForm, postJson, signed } from '../testing/gatewayCalls';
import { batch, payByCard } from '../testing/flows';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';

const REMOTE_ONLY = { merchant_id: '701002', account_id: '701002010', key: 'sk_remote_only_1' };
let sb: SandboxInProcess;
beforeAll(async () => {
  sb = await startSandboxInProcess({
    accounts: [
      ...BUILT_IN_ACCOUNTS,
      {
        merchant_id: REMOTE_ONLY.merchant_id,
        account_id: REMOTE_ONLY.account_id,
        sign_key: REMOTE_ONLY.key,
        capture: 'auto',
        query_ips: ['203.0.113.7'],
        apm_methods: [],
      },
    ],
  });
});
afterAll(() => sb?.close());

const query = (account: typeof MANUAL | typeof REMOTE_ONLY, selection: Record<string, string>) =>
  postForm(`${sb.url}/v1/retrievalTrans`, signed('query', account, selection));

describe('/v1/retrievalTrans', () => {
  it('answers the transaction record of spec 2.6 by orders and by trades, signed', async () => {
    const order = paymentOrder({
      delivery_firstname: 'Bia',
      delivery_lastname: 'Souza',
      delivery_country: 'BR',
      delivery_city: 'Rio',
      delivery_address: 'Rua B 2',
      delivery_postal_code: '20000-000',
      delivery_state: 'RJ',
      subscription: { contract_name: 'Monthly box', interval: 'month', interval_count: '1' },
    });
    const p = await payByCard(sb.url, AUTO, '4242424242424242', order);
    const other = await payByCard(sb.url, AUTO, '4000000000000002', paymentOrder());
    const res = await query(AUTO, { orders: `${p.order_no},UNKNOWN-1`, trades: other.transaction_id });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(body).toMatchObject({
      merchant_id: '701001',
      account_id: '701001020',
      return_status: '1',
      return_message: 'OK',
    });
    // the envelope of docs/gateway-api.md 2.6: no encryption_data, and nothing signed over the answer
    // (docs/protocol-decisions.md 3)
    expect(body).not.toHaveProperty('encryption_data');
    expect(body.orders_list).toHaveLength(3);
    const [paid, unknown, declined] = body.orders_list;
    expect(paid).toMatchObject({
      amount: '25.00',
      currency: 'USD',
      order_no: p.order_no,
      transaction_id: p.transaction_id,
      website: 'shop.example',
      shopper_email: 'ana@example.com',
      shopper_phone: '+5511912345678',
      delivery_information: {
        delivery_firstname: 'Bia',
        delivery_lastname: 'Souza',
        delivery_country: 'BR',
        delivery_city: 'Rio',
        delivery_address: 'Rua B 2',
        delivery_postal_code: '20000-000',
        delivery_state: 'RJ',
      },
      antifraud_provider: expect.any(String),
      fraud_check_result: [{ check_items: expect.any(String), status: 'ACCEPT' }],
      is3ds: '0',
      payment_status: '3000',
      query_result: '1',
      subscription_result: {
        contract_name: 'Monthly box',
        recurring_deduction_period: '1 month',
        recurring_status: '1',
      },
    });
    expect(paid.reference_no).toMatch(/\S/);
    expect(paid.transaction_date).toMatch(/^\d{14}$/);
    expect(paid.subscription_result.recurring_deduction_time).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(unknown).toMatchObject({ order_no: 'UNKNOWN-1', query_result: '0' });
    expect(declined).toMatchObject({ transaction_id: other.transaction_id, payment_status: '4000' });
    expect(declined).not.toHaveProperty('subscription_result');
  });

  it('without delivery details, delivery_information is the billing address', async () => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const body = (await (await query(MANUAL, { orders: p.order_no })).json()) as Record<string, any>;
    expect(body.orders_list[0].delivery_information).toMatchObject({
      delivery_firstname: 'Ana',
      delivery_city: 'Sao Paulo',
      delivery_country: 'BR',
    });
  });

  it('shows refunds and partial captures as they happened', async () => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const item = { transaction_id: p.transaction_id, order_no: p.order_no, currency: 'USD' };
    await batch(sb.url, MANUAL, 'capture', [{ ...item, amount: '20.00' }]);
    await batch(sb.url, MANUAL, 'refund', [
      { ...item, amount: '25.00', refund_amount: '5.00', refund_reason: 'damaged' },
    ]);
    // the refund succeeds a few scaled steps after it was received
    await vi.waitFor(
      async () => {
        const body = (await (await query(MANUAL, { trades: p.transaction_id })).json()) as Record<string, any>;
        expect(body.orders_list[0]).toMatchObject({
          payment_status: '3100',
          captured_amount: '20.00',
          refunded_amount: '5.00',
        });
      },
      { timeout: 10_000, interval: 20 },
    );
  });

  it('a transaction of another account is not found', async () => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const body = (await (await query(AUTO, { trades: p.transaction_id })).json()) as Record<string, any>;
    expect(body.orders_list).toEqual([{ order_no: '', transaction_id: p.transaction_id, query_result: '0' }]);
  });

  it('refuses a query from an IP the account has not registered (403, I0072)', async () => {
    const res = await query(REMOTE_ONLY, { orders: 'A' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ return_status: '0', code: 'I0072' });
  });

  it('refuses a wrong signature (I0013)', async () => {
    const res = await postForm(`${sb.url}/v1/retrievalTrans`, {
      ...signed('query', MANUAL, { orders: 'A' }),
      encryption_data: 'ab'.repeat(32),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'I0013' });
  });

  it('needs orders or trades (I0059) and takes at most 100 together (B0001)', async () => {
    const none = await query(MANUAL, {});
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ code: 'I0059', source: 'orders' });
    const ids = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(',');
    const over = await query(MANUAL, { orders: ids(60, 'O'), trades: ids(41, 'T') });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ code: 'B0001' });
    const limit = await query(MANUAL, { orders: ids(60, 'O'), trades: ids(40, 'T') });
    expect(((await limit.json()) as { orders_list: unknown[] }).orders_list).toHaveLength(100);
  });

  it.each([
    ['merchant_id', 'I0001'],
    ['account_id', 'I0002'],
    ['encryption_data', 'I0003'],
  ])('without %s: %s', async (field, code) => {
    const body = signed('query', MANUAL, { orders: 'A' });
    delete body[field];
    const res = await postForm(`${sb.url}/v1/retrievalTrans`, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code, source: field });
  });

  it('an oversized account_id is I0060', async () => {
    const res = await postForm(
      `${sb.url}/v1/retrievalTrans`,
      signed('query', { ...MANUAL, account_id: '70100101011' }, { orders: 'A' }),
    );
    expect(await res.json()).toMatchObject({ code: 'I0060', source: 'account_id' });
  });

  it('takes a form body only: JSON is refused', async () => {
    const res = await postJson(`${sb.url}/v1/retrievalTrans`, signed('query', MANUAL, { orders: 'A' }));
    expect(res.status).toBe(400);
  });
});
