import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../../testing/adminClient';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { BULK_ENV, makeOrders, type MadeOrder } from '../testing/makeOrders';
import { startBackend, type Backend } from '../testing/startBackend';
import { describeOnStores } from '../testing/storeVariants';

/**
 * The backend against dispute notifications written out as docs/protocol-decisions.md 6 names their fields and
 * docs/gateway-evidence.md 8 spells their types (`DISPUTE RECIEVED`, with the docs' misspelling), never built from
 * shared/gateway's tables, so a wrong shared decision cannot agree with itself. The signature is computed here by hand,
 * as docs/protocol-decisions.md 3 says: sha256 hex of the signed values (spaces removed) followed by the sign key.
 */
const KEY = 'sk_sandbox_701001010';
const sign = (values: string[]) =>
  createHash('sha256')
    .update(values.join('').replace(/ /g, '') + KEY)
    .digest('hex');

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

describeOnStores('dispute notifications as the docs write them', (store) => {
  let backend: Backend;
  let order: MadeOrder;
  beforeAll(async () => {
    backend = await startBackend({ store, gatewayUrl: sandbox.url, env: BULK_ENV });
    [order] = (await makeOrders(backend, 1, 'paid')) as [MadeOrder];
  });
  afterAll(() => backend?.close());

  /** A notification form: the payment fields every notification carries, then the dispute's own. */
  function body(fields: Record<string, string>): Record<string, string> {
    const base = {
      merchant_id: '701001',
      account_id: '701001010',
      transaction_id: order.transaction_id,
      order_no: order.gateway_order_no,
      currency: 'BRL',
      amount: '50.00',
      payment_status: '3000',
    };
    return {
      ...base,
      ...fields,
      notify_time: '20261124093000',
      encryption_data: sign(Object.values(base)),
    };
  }
  const post = async (form: Record<string, string>) => {
    const res = await fetch(`${backend.url}/hooks/gateway`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: res.status, text: await res.text() };
  };

  it('DISPUTE RECIEVED opens the dispute, DISPUTE RESULT lost closes it', async () => {
    const received = body({
      notify_id: 'n-dispute-1',
      notify_type: 'DISPUTE RECIEVED',
      message: '7000:Dispute received',
      dispute_id: 'DP-1001',
      dispute_amount: '12.50',
      reason_code: '4853',
      reason: 'Cardholder Dispute',
      respond_by: '20991231',
    });
    expect(await post(received)).toEqual({ status: 200, text: 'success' });
    expect((await admin(backend, '/disputes/DP-1001')).body).toMatchObject({
      order_no: order.order_no,
      amount: '12.50',
      currency: 'BRL',
      reason_code: '4853',
      reason: 'Cardholder Dispute',
      respond_by: '2099-12-31',
      state: 'open',
      outcome: null,
    });

    const result = body({
      notify_id: 'n-dispute-2',
      notify_type: 'DISPUTE RESULT',
      message: '7200:Dispute lost',
      dispute_id: 'DP-1001',
      dispute_amount: '12.50',
      reason_code: '4853',
      reason: 'Cardholder Dispute',
      respond_by: '20991231',
      dispute_result: 'lost',
    });
    expect(await post(result)).toEqual({ status: 200, text: 'success' });
    expect((await admin(backend, '/disputes/DP-1001')).body).toMatchObject({ state: 'closed', outcome: 'lost' });
    // the same event again, and the opening late: acknowledged, nothing moves back
    expect(await post(result)).toEqual({ status: 200, text: 'success' });
    expect(await post({ ...received, notify_id: 'n-dispute-3' })).toEqual({ status: 200, text: 'success' });
    expect((await admin(backend, '/disputes/DP-1001')).body).toMatchObject({ state: 'closed', outcome: 'lost' });
  });

  it('the English spelling DISPUTE RECEIVED is not a type the gateway sends: nothing is read from it', async () => {
    const form = body({
      notify_id: 'n-dispute-4',
      notify_type: 'DISPUTE RECEIVED',
      message: '7000:Dispute received',
      dispute_id: 'DP-1002',
      dispute_amount: '1.00',
      reason_code: '4853',
      reason: 'Cardholder Dispute',
      respond_by: '20991231',
    });
    expect((await post(form)).status).toBe(200);
    expect((await admin(backend, '/disputes/DP-1002')).status).toBe(404);
  });

  it('a dispute over the captured amount or without a date is not applied', async () => {
    for (const [id, extra] of [
      ['DP-1003', { dispute_amount: '50.01', respond_by: '20991231' }],
      ['DP-1004', { dispute_amount: '1.00', respond_by: '2099-12-31' }],
    ] as const) {
      const form = body({
        notify_id: `n-${id}`,
        notify_type: 'DISPUTE RECIEVED',
        message: '7000:Dispute received',
        dispute_id: id,
        reason_code: '4853',
        reason: 'Cardholder Dispute',
        ...extra,
      });
      expect((await post(form)).status).toBe(200);
      expect((await admin(backend, `/disputes/${id}`)).status, id).toBe(404);
    }
  });
});
