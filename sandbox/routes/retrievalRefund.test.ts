import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../../shared/gateway/hashNode';
import { AUTO, paymentOrder, postForm, signed } from '../testing/gatewayCalls';
import { batch, payByCard } from '../testing/flows';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';

let sb: SandboxInProcess;
beforeAll(async () => {
  sb = await startSandboxInProcess();
});
afterAll(() => sb?.close());

describe('/v1/retrievalRefund', () => {
  it('finds refunds by refund_reference_id and by the merchant reference; unknown ones are query_result 0', async () => {
    const p = await payByCard(sb.url, AUTO, '4242424242424242', paymentOrder());
    const item = { transaction_id: p.transaction_id, order_no: p.order_no, currency: 'USD', amount: '25.00' };
    await batch(sb.url, AUTO, 'refund', [
      { ...item, refund_amount: '2.00', refund_reason: 'late' },
      { ...item, refund_amount: '3.00', refund_reference: 'MY-REF' },
    ]);
    const res = await postForm(
      `${sb.url}/v1/retrievalRefund`,
      signed('retrievalRefund', AUTO, { refund_references: `${p.transaction_id}-1,MY-REF,NOPE-9` }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(verify('batchResponse', body, body.encryption_data, AUTO.key)).toBe(true);
    expect(body.refund_list).toEqual([
      expect.objectContaining({
        refund_reference_id: `${p.transaction_id}-1`,
        refund_amount: '2.00',
        refund_reason: 'late',
        refund_status: '1',
        query_result: '1',
        order_no: p.order_no,
      }),
      expect.objectContaining({
        refund_reference_id: `${p.transaction_id}-2`,
        refund_reference: 'MY-REF',
        refund_amount: '3.00',
        query_result: '1',
      }),
      { refund_reference_id: 'NOPE-9', query_result: '0' },
    ]);
  });

  it('refuses a wrong signature (I0013) and a missing list (I0059)', async () => {
    const bad = await postForm(`${sb.url}/v1/retrievalRefund`, {
      ...signed('retrievalRefund', AUTO, { refund_references: 'X-1' }),
      account_id: '701001010',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'I0013' });
    const none = await postForm(`${sb.url}/v1/retrievalRefund`, signed('retrievalRefund', AUTO, {}));
    expect(await none.json()).toMatchObject({ code: 'I0059', source: 'refund_references' });
  });

  it('takes at most 100 references (B0001)', async () => {
    const refs = Array.from({ length: 101 }, (_, i) => `T-${i}`).join(',');
    const res = await postForm(
      `${sb.url}/v1/retrievalRefund`,
      signed('retrievalRefund', AUTO, { refund_references: refs }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'B0001' });
  });
});
