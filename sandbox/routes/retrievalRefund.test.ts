import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_STATUS } from '../../shared/gateway/status';
import { AUTO, MANUAL, paymentOrder, postForm, signed, type TestAccount } from '../testing/gatewayCalls';
import { batch, payByCard } from '../testing/flows';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';

let sb: SandboxInProcess;
beforeAll(async () => {
  sb = await startSandboxInProcess();
});
afterAll(() => sb?.close());

const search = (fields: Record<string, unknown>, account: TestAccount = AUTO) =>
  postForm(`${sb.url}/v1/retrievalRefund`, signed('retrievalRefund', account, fields));

async function refunded(refunds: Record<string, unknown>[]) {
  const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
  const item = { transaction_id: p.transaction_id, order_no: p.order_no, currency: 'USD', amount: '25.00' };
  const { body } = await batch(
    sb.url,
    AUTO,
    'refund',
    refunds.map((r) => ({ ...item, refund_reason: 'late', ...r })),
  );
  expect(body.return_status).toBe('1');
  // each refund has its result a few scaled steps after it was received
  await vi.waitFor(
    async () => {
      const found = (await (await search({ refund_orders: p.order_no })).json()) as Record<string, any>;
      expect(found.refund_orders.map((r: { refund_state: string }) => r.refund_state)).toEqual(
        refunds.map(() => 'succeeded'),
      );
    },
    { timeout: 10_000, interval: 20 },
  );
  return p;
}

async function control(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${sb.url}/sandbox${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

describe('/v1/retrievalRefund', () => {
  it('finds the refunds of an order by refund_orders, every item with the fields of the docs', async () => {
    const p = await refunded([{ refund_amount: '2.00' }, { refund_amount: '3.00', refund_reference: 'MY-REF' }]);
    const res = await search({ refund_orders: p.order_no });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(body).toMatchObject({ merchant_id: '701001', account_id: '701001020', return_status: '1' });
    expect(body.return_message).toBe('OK');
    expect(body.refund_orders).toEqual([
      {
        transaction_id: p.transaction_id,
        order_no: p.order_no,
        amount: '25.00',
        currency: 'USD',
        refund_status: '1',
        refund_state: 'succeeded',
        payment_status: '3100',
        refund_amount: '2.00',
        refund_reference: '',
        refund_reason: 'late',
        refund_reference_id: `${p.transaction_id}-01`,
        refund_message: 'V0000:OK',
        refund_date: expect.stringMatching(/^\d{14}$/),
        refund_processing_date: expect.stringMatching(/^\d{14}$/),
        query_result: '1',
      },
      expect.objectContaining({
        refund_reference_id: `${p.transaction_id}-02`,
        refund_reference: 'MY-REF',
        refund_amount: '3.00',
      }),
    ]);
  });

  it('shows where a refund is: no refund_processing_date before its result, refund_status 0 with the reason when it failed', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
    await control('/refund-outcome', { order_no: p.order_no, outcome: 'hold' });
    const item = { transaction_id: p.transaction_id, order_no: p.order_no, currency: 'USD', amount: '25.00' };
    await batch(sb.url, AUTO, 'refund', [{ ...item, refund_reason: 'late', refund_amount: '5.00' }]);
    const held = (await (await search({ refund_orders: p.order_no })).json()) as Record<string, any>;
    expect(held.refund_orders[0]).toMatchObject({
      refund_status: '1',
      refund_state: expect.stringMatching(/^(received|accepted)$/),
      refund_processing_date: '',
      payment_status: '3000',
    });
    await control(`/refunds/${p.transaction_id}-01/result`, { outcome: 'failed' });
    const failed = (await (await search({ refund_orders: p.order_no })).json()) as Record<string, any>;
    expect(failed.refund_orders[0]).toMatchObject({
      refund_status: '0',
      refund_state: 'failed',
      refund_message: 'R0001:Refund failed: the issuer refused it',
      refund_processing_date: expect.stringMatching(/^\d{14}$/),
      payment_status: '3000',
    });
  });

  it('echoes the request encryption_data, not a signature over the answer', async () => {
    const p = await refunded([{ refund_amount: '1.00' }]);
    const request = signed('retrievalRefund', AUTO, { refund_orders: p.order_no });
    const res = await postForm(`${sb.url}/v1/retrievalRefund`, request);
    expect(((await res.json()) as Record<string, unknown>).encryption_data).toBe(request.encryption_data);
  });

  it('a whole refund shows the order refunded', async () => {
    const p = await refunded([{ refund_amount: '25.00' }]);
    const body = (await (await search({ refund_orders: p.order_no })).json()) as Record<string, any>;
    expect(body.refund_orders[0]).toMatchObject({
      amount: '25.00',
      refund_amount: '25.00',
      payment_status: PAYMENT_STATUS.REFUNDED,
    });
  });

  it('finds by refund_references (reference id or merchant reference) and merchant_refunds; unknown ones are left out', async () => {
    const p = await refunded([{ refund_amount: '2.00' }, { refund_amount: '3.00', refund_reference: 'MINE-7' }]);
    const byId = (await (await search({ refund_references: `${p.transaction_id}-01,NOPE-9` })).json()) as Record<
      string,
      any
    >;
    expect(byId.refund_orders.map((r: { refund_reference_id: string }) => r.refund_reference_id)).toEqual([
      `${p.transaction_id}-01`,
    ]);
    for (const fields of [{ refund_references: 'MINE-7' }, { merchant_refunds: 'MINE-7,NOPE-8' }]) {
      const body = (await (await search(fields)).json()) as Record<string, any>;
      expect(body.refund_orders, JSON.stringify(fields)).toEqual([
        expect.objectContaining({ refund_reference_id: `${p.transaction_id}-02`, refund_reference: 'MINE-7' }),
      ]);
    }
    const none = (await (await search({ refund_orders: 'NO-SUCH-ORDER' })).json()) as Record<string, any>;
    expect(none).toMatchObject({ return_status: '1', refund_orders: [] });
  });

  it("never shows another account's refunds", async () => {
    const p = await refunded([{ refund_amount: '1.00' }]);
    const body = (await (await search({ refund_orders: p.order_no }, MANUAL)).json()) as Record<string, any>;
    expect(body.refund_orders).toEqual([]);
  });

  it('refuses a wrong signature (I0013) and a search without any list (I0059)', async () => {
    const bad = await postForm(`${sb.url}/v1/retrievalRefund`, {
      ...signed('retrievalRefund', AUTO, { refund_orders: 'X-1' }),
      account_id: '701001010',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'I0013' });
    const none = await search({});
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ code: 'I0059', source: 'refund_orders' });
  });

  it('takes at most 100 values in all (B0001) and at most 1000 characters per list (I0060)', async () => {
    const refs = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(',');
    const over = await search({ refund_orders: refs(50, 'O'), merchant_refunds: refs(51, 'M') });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ code: 'B0001' });
    const limit = await search({ refund_orders: refs(50, 'O'), merchant_refunds: refs(50, 'M') });
    expect(limit.status).toBe(200);
    const long = await search({ refund_references: 'R'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ code: 'I0060', source: 'refund_references' });
    expect((await search({ refund_references: 'R'.repeat(1000) })).status).toBe(200);
  });

  it('takes form fields only: a JSON document is 400', async () => {
    const res = await fetch(`${sb.url}/v1/retrievalRefund`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: JSON.stringify(signed('retrievalRefund', AUTO, { refund_orders: 'X-1' })),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'I0059', source: 'body' });
  });
});
