import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';
import { batch, payByCard } from '../testing/flows';
import { AUTO, MANUAL, paymentOrder, postForm, postJson, signed } from '../testing/gatewayCalls';
import { startReceiver } from '../testing/startReceiver';

let sb: SandboxInProcess;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  sb = await startSandboxInProcess({ notifyScale: 0.01, disputeMs: 150 });
  receiver = await startReceiver();
});
afterAll(async () => {
  await sb?.close();
  await receiver?.close();
});

const hook = () => paymentOrder({ notify_url: `${receiver.url}/hook`, amount: '25.00' });
const disputeNotes = (orderNo: string) =>
  receiver.received.filter((r) => r.fields.order_no === orderNo && r.fields.notify_type?.startsWith('DISPUTE'));
async function record(orderNo: string): Promise<Record<string, any>> {
  const res = await postForm(`${sb.url}/v1/retrievalTrans`, signed('query', AUTO, { orders: orderNo }));
  return ((await res.json()) as { orders_list: Record<string, any>[] }).orders_list[0]!;
}
const open = (body: Record<string, unknown>) => postJson(`${sb.url}/sandbox/disputes`, body);

describe('disputes', () => {
  it('the dispute card (…2685) is disputed after capture, then lost: both notifications, 7200 in the query', async () => {
    const p = await payByCard(sb.url, AUTO, '4000000000002685', hook());
    const notes = await vi.waitFor(
      () => {
        const list = disputeNotes(p.order_no);
        expect(
          list.map((n) => n.fields.notify_type),
          'received, then result',
        ).toEqual(['DISPUTE RECIEVED', 'DISPUTE RESULT']);
        return list;
      },
      { timeout: 10_000 },
    );
    const [received, result] = notes.map((n) => n.fields);
    expect(received).toMatchObject({
      transaction_id: p.transaction_id,
      currency: 'USD',
      amount: '25.00',
      payment_status: '3000',
      dispute_amount: '25.00',
      reason_code: '4837',
    });
    expect(received!.respond_by).toMatch(/^\d{8}$/);
    // docs/protocol-decisions.md 6: every notification's fields, then the dispute's own (dispute_time ours), on the
    // result dispute_result
    const payment = ['notify_id', 'notify_type', 'merchant_id', 'account_id', 'transaction_id', 'order_no', 'currency'];
    const common = [...payment, 'amount', 'payment_status', 'message', 'notify_time', 'encryption_data'];
    const dispute = ['dispute_id', 'dispute_amount', 'reason_code', 'reason', 'respond_by', 'dispute_time'];
    expect(Object.keys(received!).sort()).toEqual([...common, ...dispute].sort());
    expect(Object.keys(result!).sort()).toEqual([...common, ...dispute, 'dispute_result'].sort());
    expect(received!.dispute_result).toBeUndefined();
    expect(result).toMatchObject({ dispute_id: received!.dispute_id, dispute_result: 'lost' });
    const rec = await record(p.order_no);
    expect(rec.payment_status).toBe('3000');
    expect(rec.dispute_status).toBe('7200');
    expect(rec.disputes).toEqual([
      expect.objectContaining({ dispute_id: received!.dispute_id, dispute_status: '7200' }),
    ]);
    // the money went back with the chargeback: it cannot be refunded as well
    const refund = await batch(sb.url, AUTO, 'refund', [
      {
        transaction_id: p.transaction_id,
        order_no: p.order_no,
        currency: 'USD',
        amount: '25.00',
        refund_amount: '1.00',
        refund_reason: 'x',
      },
    ]);
    expect(refund.body.refund_orders[0].error_message).toMatch(/^B0002/);
  });

  it('the control endpoint opens a partial dispute with reason and respond-by, decided won once', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', hook());
    const res = await open({
      order_no: p.order_no,
      account_id: AUTO.account_id,
      amount: '10.00',
      reason_code: '13.1',
      reason: 'Merchandise not received',
      respond_by: '20991231',
    });
    expect(res.status).toBe(201);
    const dispute = (await res.json()) as Record<string, string>;
    expect(dispute).toMatchObject({
      state: 'open',
      dispute_status: '7000',
      dispute_amount: '10.00',
      respond_by: '20991231',
    });
    expect((await record(p.order_no)).dispute_status).toBe('7000');

    const won = await postJson(`${sb.url}/sandbox/disputes/${dispute.dispute_id}/result`, { outcome: 'won' });
    expect(won.status).toBe(200);
    const again = await postJson(`${sb.url}/sandbox/disputes/${dispute.dispute_id}/result`, { outcome: 'lost' });
    expect(again.status).toBe(409);
    await vi.waitFor(() => expect(disputeNotes(p.order_no)).toHaveLength(2), { timeout: 10_000 });
    expect(disputeNotes(p.order_no)[1]!.fields).toMatchObject({
      dispute_result: 'won',
      reason: 'Merchandise not received',
    });
    expect((await record(p.order_no)).dispute_status).toBe('7100');
  });

  it('an outcome with a delay decides by itself', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', hook());
    const res = await open({ transaction_id: p.transaction_id, outcome: 'lost', decide_in_ms: 50 });
    expect(res.status).toBe(201);
    await vi.waitFor(async () => expect((await record(p.order_no)).dispute_status).toBe('7200'), { timeout: 10_000 });
  });

  it('refuses what cannot be disputed, naming the field', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', hook());
    const field = async (body: Record<string, unknown>) => {
      const r = await open(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      return ((await r.json()) as { error: { fields: { path: string }[] } }).error.fields[0]!.path;
    };
    expect(await field({})).toBe('transaction_id');
    expect(await field({ transaction_id: p.transaction_id, amount: '30.00' })).toBe('amount');
    expect(await field({ transaction_id: p.transaction_id, amount: '1.5' })).toBe('amount');
    expect(await field({ transaction_id: p.transaction_id, respond_by: '2099-12-31' })).toBe('respond_by');
    expect(await field({ transaction_id: p.transaction_id, outcome: 'maybe' })).toBe('outcome');
    expect(await field({ transaction_id: p.transaction_id, decide_in_ms: 5 })).toBe('decide_in_ms');
    const authorised = await payByCard(sb.url, MANUAL, '4242424242424242', hook());
    expect(await field({ transaction_id: authorised.transaction_id })).toBe('transaction_id');
    expect((await open({ transaction_id: 'T000' })).status).toBe(404);
    expect((await postJson(`${sb.url}/sandbox/disputes/DNOPE/result`, { outcome: 'won' })).status).toBe(404);
  });
});
