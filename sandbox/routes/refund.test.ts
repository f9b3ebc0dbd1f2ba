import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_STATUS } from '../../shared/gateway/status';
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
  refund_reason: 'returned',
  ...extra,
});
const statusOf = async (orderNo: string) => (await onlyTransaction(sb.url, orderNo)).payment_status;
/** A refund is received when answered and moves the payment only when it succeeds, a few scaled steps later. */
const statusBecomes = (orderNo: string, status: string) =>
  vi.waitFor(async () => expect(await statusOf(orderNo)).toBe(status), { timeout: 10_000, interval: 20 });

describe('/v1/refund', () => {
  it('partial then full refunds: 3100 then refunded, references <transaction_id>-01, -02, REFUND RESULT each', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder({ notify_url: `${receiver.url}/n` }));
    const first = await batch(sb.url, AUTO, 'refund', [item(p, { refund_amount: '10.00', refund_reason: 'damaged' })]);
    expect(first.body.refund_orders[0]).toEqual({
      amount: '25.00',
      currency: 'USD',
      order_no: p.order_no,
      transaction_id: p.transaction_id,
      refund_amount: '10.00',
      refund_reason: 'damaged',
      refund_status: '1',
      refund_message: 'V0000:OK',
      refund_reference: '',
      refund_reference_id: `${p.transaction_id}-01`,
      error_message: '',
    });
    expect(first.body).toMatchObject({ return_status: '1', return_message: 'OK' });
    await statusBecomes(p.order_no, '3100');
    const second = await batch(sb.url, AUTO, 'refund', [item(p, { refund_amount: '15.00' })]);
    expect(second.body.refund_orders[0]).toMatchObject({
      refund_status: '1',
      refund_reference_id: `${p.transaction_id}-02`,
    });
    await statusBecomes(p.order_no, PAYMENT_STATUS.REFUNDED);
    await vi.waitFor(
      () =>
        expect(
          receiver.received.filter((r) => r.fields.order_no === p.order_no && r.fields.notify_type === 'REFUND RESULT')
            .length === 2,
          'two refund notifications',
        ).toBeTruthy(),
      { timeout: 10_000 },
    );
    const notes = receiver.received.filter(
      (r) => r.fields.order_no === p.order_no && r.fields.notify_type === 'REFUND RESULT',
    );
    expect(notes.map((n) => [n.fields.refund_amount, n.fields.refund_reference_id, n.fields.payment_status])).toEqual([
      ['10.00', `${p.transaction_id}-01`, '3100'],
      ['15.00', `${p.transaction_id}-02`, PAYMENT_STATUS.REFUNDED],
    ]);
  });

  it('never refunds more than was captured (B0002), counting a partial capture', async () => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    await batch(sb.url, MANUAL, 'capture', [item(p, { amount: '20.00' })]);
    const over = await batch(sb.url, MANUAL, 'refund', [item(p, { refund_amount: '20.01' })]);
    expect(over.body).toMatchObject({ return_status: '2' });
    expect(over.body.refund_orders[0]).toMatchObject({
      refund_status: '0',
      refund_message: 'B0002:refund amount is over the refundable amount',
      refund_reference_id: '',
    });
    expect(await statusOf(p.order_no)).toBe('3000');
    const exact = await batch(sb.url, MANUAL, 'refund', [item(p, { refund_amount: '20.00' })]);
    expect(exact.body.refund_orders[0].refund_status).toBe('1');
    await statusBecomes(p.order_no, PAYMENT_STATUS.REFUNDED);
  });

  it('refund of a declined order fails with E0009; an authorised (uncaptured) one too', async () => {
    const declined = await payByCard(sb.url, AUTO, '4000000000000002', paymentOrder());
    const authorised = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const a = await batch(sb.url, AUTO, 'refund', [item(declined, { refund_amount: '1.00' })]);
    expect(a.body.refund_orders[0].refund_message).toBe('E0009:Wrong operation for the order status');
    const b = await batch(sb.url, MANUAL, 'refund', [item(authorised, { refund_amount: '1.00' })]);
    expect(b.body.refund_orders[0].refund_message).toMatch(/^E0009:/);
  });

  it('a refund_reference used before on the order is a repeated submission (E0008)', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
    const once = await batch(sb.url, AUTO, 'refund', [item(p, { refund_amount: '1.00', refund_reference: 'RF-1' })]);
    expect(once.body.refund_orders[0]).toMatchObject({ refund_status: '1', refund_reference: 'RF-1' });
    const twice = await batch(sb.url, AUTO, 'refund', [item(p, { refund_amount: '1.00', refund_reference: 'RF-1' })]);
    expect(twice.body.refund_orders[0].refund_message).toMatch(/^E0008:/);
    await statusBecomes(p.order_no, '3100');
    expect((await onlyTransaction(sb.url, p.order_no)).refunded_amount).toBe('1.00');
  });

  it('in one call, a failing item leaves its order as it was and the others are refunded', async () => {
    const a = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
    const b = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
    const { body } = await batch(sb.url, AUTO, 'refund', [
      item(a, { refund_amount: '30.00' }),
      item(b, { refund_amount: '5.00' }),
      item(b, { refund_amount: '', refund_reason: 'r'.repeat(51) }),
    ]);
    expect(body.refund_orders.map((r: { refund_status: string }) => r.refund_status)).toEqual(['0', '1', '0']);
    expect(body.refund_orders[2].refund_message).toMatch(/^I0019:/);
    await statusBecomes(b.order_no, '3100');
    expect(await statusOf(a.order_no)).toBe('3000');
  });

  it('refund_reason is required (I0059 naming it) and at most 50 characters (I0060); nothing is refunded', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
    const { refund_reason: _none, ...withoutReason } = item(p, { refund_amount: '1.00' });
    const { body } = await batch(sb.url, AUTO, 'refund', [
      withoutReason,
      item(p, { refund_amount: '1.00', refund_reason: '' }),
      item(p, { refund_amount: '1.00', refund_reason: 'r'.repeat(51) }),
    ]);
    expect(body.return_status).toBe('2');
    expect(body.refund_orders.map((r: { refund_message: string }) => r.refund_message)).toEqual([
      'I0059:refund_reason is required',
      'I0059:refund_reason is required',
      'I0060:refund_reason must be at most 50 characters',
    ]);
    expect((await onlyTransaction(sb.url, p.order_no)).refunded_amount).toBe('0.00');
    const fifty = await batch(sb.url, AUTO, 'refund', [
      item(p, { refund_amount: '1.00', refund_reason: 'r'.repeat(50) }),
    ]);
    expect(fifty.body.refund_orders[0]).toMatchObject({ refund_status: '1', refund_reason: 'r'.repeat(50) });
  });

  it('the sequence keeps two digits up to -09 and counts on past it', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
    const { body } = await batch(
      sb.url,
      AUTO,
      'refund',
      Array.from({ length: 10 }, () => item(p, { refund_amount: '0.10' })),
    );
    const ids = body.refund_orders.map((r: { refund_reference_id: string }) => r.refund_reference_id);
    expect(ids[0]).toBe(`${p.transaction_id}-01`);
    expect(ids[8]).toBe(`${p.transaction_id}-09`);
    expect(ids[9]).toBe(`${p.transaction_id}-10`);
  });

  it('51 refunds is over the limit (B0001) and refunds nothing', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
    const { status, body } = await batch(
      sb.url,
      AUTO,
      'refund',
      Array.from({ length: 51 }, () => item(p, { refund_amount: '0.10' })),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'B0001', return_status: '0' });
    expect(await statusOf(p.order_no)).toBe('3000');
  });
});

describe('asynchronous refunds (received, accepted, a result)', () => {
  const control = async (path: string, body: unknown) => {
    const res = await fetch(`${sb.url}/sandbox${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const notesOf = (orderNo: string) =>
    receiver.received.filter((r) => r.fields.order_no === orderNo && (r.fields.notify_type ?? '').startsWith('REFUND'));
  const refundsOf = async (orderNo: string) => (await onlyTransaction(sb.url, orderNo)).refunds as any[];

  it('a refund is received, then accepted, then succeeds: one notification each, the payment moves at the end', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder({ notify_url: `${receiver.url}/n` }));
    await batch(sb.url, AUTO, 'refund', [item(p, { refund_amount: '4.00', refund_reference: 'RF-A' })]);
    await vi.waitFor(() => expect(notesOf(p.order_no)).toHaveLength(3), { timeout: 10_000, interval: 20 });
    expect(
      notesOf(p.order_no).map((n) => [
        n.fields.notify_type,
        n.fields.payment_status,
        n.fields.message,
        n.fields.refund_amount,
        n.fields.refund_reference_id,
        n.fields.refund_reference,
        n.fields.refund_state,
      ]),
    ).toEqual([
      ['REFUND RECIEVED', '3000', 'V0000:OK', '4.00', `${p.transaction_id}-01`, 'RF-A', 'received'],
      ['REFUND ACCEPTED', '3000', 'V0000:OK', '4.00', `${p.transaction_id}-01`, 'RF-A', 'accepted'],
      ['REFUND RESULT', '3100', 'V0000:OK', '4.00', `${p.transaction_id}-01`, 'RF-A', 'succeeded'],
    ]);
    expect(await refundsOf(p.order_no)).toMatchObject([{ state: 'succeeded', message: null }]);
  });

  it('the fail control: received and accepted, then failed; the payment stays paid and the amount is refundable again', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder({ notify_url: `${receiver.url}/n` }));
    expect(await control('/refund-outcome', { order_no: p.order_no, outcome: 'fail' })).toMatchObject({ status: 200 });
    const sent = await batch(sb.url, AUTO, 'refund', [item(p, { refund_amount: '25.00' })]);
    expect(sent.body.refund_orders[0]).toMatchObject({ refund_status: '1' });
    await vi.waitFor(async () => expect(await refundsOf(p.order_no)).toMatchObject([{ state: 'failed' }]), {
      timeout: 10_000,
      interval: 20,
    });
    await vi.waitFor(() => expect(notesOf(p.order_no)).toHaveLength(3), { timeout: 10_000, interval: 20 });
    expect(notesOf(p.order_no).map((n) => [n.fields.notify_type, n.fields.payment_status, n.fields.message])).toEqual([
      ['REFUND RECIEVED', '3000', 'V0000:OK'],
      ['REFUND ACCEPTED', '3000', 'V0000:OK'],
      ['REFUND RESULT', '3000', 'R0001:Refund failed: the issuer refused it'],
    ]);
    expect(await onlyTransaction(sb.url, p.order_no)).toMatchObject({
      payment_status: '3000',
      refunded_amount: '0.00',
    });
    // the control was for one refund: the next one succeeds, for the whole amount the failed one freed
    await batch(sb.url, AUTO, 'refund', [item(p, { refund_amount: '25.00' })]);
    await statusBecomes(p.order_no, PAYMENT_STATUS.REFUNDED);
  });

  it('the hold control: the refund waits in accepted and keeps its amount from being refunded twice, until decided', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
    await control('/refund-outcome', { order_no: p.order_no, outcome: 'hold' });
    await batch(sb.url, AUTO, 'refund', [item(p, { refund_amount: '20.00' })]);
    await vi.waitFor(async () => expect(await refundsOf(p.order_no)).toMatchObject([{ state: 'accepted' }]), {
      timeout: 10_000,
      interval: 20,
    });
    const over = await batch(sb.url, AUTO, 'refund', [item(p, { refund_amount: '5.01' })]);
    expect(over.body.refund_orders[0].refund_message).toMatch(/^B0002:/);
    const decided = await control(`/refunds/${p.transaction_id}-01/result`, { outcome: 'succeeded' });
    expect(decided).toMatchObject({ status: 200, body: { state: 'succeeded' } });
    expect(await onlyTransaction(sb.url, p.order_no)).toMatchObject({
      payment_status: '3100',
      refunded_amount: '20.00',
    });
    expect(await control(`/refunds/${p.transaction_id}-01/result`, { outcome: 'failed' })).toMatchObject({
      status: 409,
    });
  });

  it('the controls refuse a wrong body naming the field, and an unknown order or refund with 404', async () => {
    expect(await control('/refund-outcome', { order_no: 'x', outcome: 'explode' })).toMatchObject({
      status: 400,
      body: { error: { fields: [{ path: 'outcome' }] } },
    });
    expect(await control('/refund-outcome', { outcome: 'fail' })).toMatchObject({
      status: 400,
      body: { error: { fields: [{ path: 'order_no' }] } },
    });
    expect(await control('/refund-outcome', { order_no: 'no-such-order', outcome: 'fail' })).toMatchObject({
      status: 404,
    });
    expect(await control('/refunds/nope-01/result', { outcome: 'maybe' })).toMatchObject({ status: 400 });
    expect(await control('/refunds/nope-01/result', { outcome: 'failed' })).toMatchObject({ status: 404 });
  });
});
