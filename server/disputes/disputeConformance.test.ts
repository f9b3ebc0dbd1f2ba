import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admin } from '../../testing/adminClient';
import { startSandbox, type Sandbox } from '../../testing/startSandboxInProcess';
import { BULK_ENV, makeOrders, type MadeOrder } from '../testing/makeOrders';
import { startBackend, type Backend } from '../testing/startBackend';
import { cuesDone } from '../testing/cuesDone';
import { describeOnStores } from '../testing/storeVariants';

/**
 * The backend against dispute notifications written out as docs/protocol-decisions.md 6 names their fields and
 * docs/gateway-evidence.md 8 spells their types (`DISPUTE RECIEVED`, with the docs' misspelling), never built from
 * shared/gateway's tables, so a wrong shared decision cannot agree with itself. The signature is computed here by hand,
 * as docs/protocol-decisions.md 3 says: sha256 hex of the signed values (spaces removed) followed by the sign key.
 *
 * Since issue #31 a notification is a cue (docs/protocol-decisions.md 6): a dispute's fields in a notification are
 * never applied (a shopper can replay a signed message as one); the notification prompts the query, and the
 * query record's `disputes` list (shared/gateway/disputeStatus.ts) is what opens and closes a dispute. So the query
 * is answered here too, by a literal body in the shape of docs/gateway-evidence.md 5 with the same dispute values.
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
  /**
   * How far the backend's clock runs ahead of real time: each notification moves it on by the 2 s a payment's
   * cues wait after its last query (server/notifications/processCues.ts), so that the query a notification
   * prompts is asked at once, as it would be 2 s later
   */
  let ahead = 0;
  /** the disputes the gateway's query answer lists for the order, while set; otherwise the sandbox answers */
  let disputes: Record<string, string>[] | undefined;
  /** the query answer: every value literal but the order's own numbers */
  const queryAnswer = () => ({
    merchant_id: '701001',
    account_id: '701001010',
    return_status: '1',
    return_message: 'OK',
    orders_list: [
      {
        order_no: order.gateway_order_no,
        transaction_id: order.transaction_id,
        amount: '50.00',
        currency: 'BRL',
        payment_status: '3000',
        query_result: '1',
        disputes,
      },
    ],
  });
  beforeAll(async () => {
    const gatewayFetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      if (url.pathname === '/v1/retrievalTrans' && disputes)
        return new Response(JSON.stringify(queryAnswer()), { headers: { 'Content-Type': 'application/json' } });
      return fetch(input, init);
    };
    backend = await startBackend({
      store,
      gatewayUrl: sandbox.url,
      env: BULK_ENV,
      gatewayFetch: gatewayFetch as typeof fetch,
      now: () => new Date(Date.now() + ahead),
    });
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
    ahead += 2_000;
    const res = await fetch(`${backend.url}/hooks/gateway`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: res.status, text: await res.text() };
  };

  /** The owner's view of a dispute once every cue of the order was acted on (the query answered). */
  const disputeAfterCues = async (id: string) => {
    await cuesDone(backend, order.gateway_order_no);
    return admin(backend, `/disputes/${id}`);
  };
  const OPEN = {
    dispute_id: 'DP-1001',
    dispute_status: '7000',
    dispute_amount: '12.50',
    currency: 'BRL',
    reason_code: '4853',
    reason: 'Cardholder Dispute',
    respond_by: '20991231',
  };

  it('DISPUTE RECIEVED prompts the query, whose dispute opens it; DISPUTE RESULT lost, confirmed by the query, closes it', async () => {
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
    // the gateway's query knows no dispute yet: the notification alone records none
    disputes = [];
    expect(await post(received)).toEqual({ status: 200, text: 'success' });
    expect((await disputeAfterCues('DP-1001')).status).toBe(404);

    disputes = [OPEN];
    expect(await post({ ...received, notify_id: 'n-dispute-1b' })).toEqual({ status: 200, text: 'success' });
    expect((await disputeAfterCues('DP-1001')).body).toMatchObject({
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
    // a result the query does not confirm (a replay, a forgery) closes nothing
    expect(await post(result)).toEqual({ status: 200, text: 'success' });
    expect((await disputeAfterCues('DP-1001')).body).toMatchObject({ state: 'open', outcome: null });
    disputes = [{ ...OPEN, dispute_status: '7200' }];
    expect(await post(result)).toEqual({ status: 200, text: 'success' });
    expect((await disputeAfterCues('DP-1001')).body).toMatchObject({ state: 'closed', outcome: 'lost' });
    // the opening late, and a query answer still listing it open: acknowledged, nothing moves back
    disputes = [OPEN];
    expect(await post({ ...received, notify_id: 'n-dispute-3' })).toEqual({ status: 200, text: 'success' });
    expect((await disputeAfterCues('DP-1001')).body).toMatchObject({ state: 'closed', outcome: 'lost' });
  });

  it('the English spelling DISPUTE RECEIVED is not a type the gateway sends: nothing is read from it', async () => {
    disputes = [];
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
    expect((await disputeAfterCues('DP-1002')).status).toBe(404);
  });

  it('a dispute over the captured amount or without a date is not applied', async () => {
    // the query lists them (its dispute fields are not signed either): each is refused, and the refusal audited
    disputes = [
      { ...OPEN, dispute_id: 'DP-1003', dispute_amount: '50.01' },
      { ...OPEN, dispute_id: 'DP-1004', dispute_amount: '1.00', respond_by: '2099-12-31' },
    ];
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
      expect((await disputeAfterCues(id)).status, id).toBe(404);
    }
    const refused = (await admin(backend, `/events?order_no=${order.gateway_order_no}&type=mismatch&limit=50`)).body
      .events as { summary: string }[];
    expect(refused.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        'query: a dispute of this order was not applied: dispute_amount is not within what was captured',
        'query: a dispute of this order was not applied: respond_by is not a date as YYYYMMDD',
      ]),
    );
  });
});
