import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient, GatewayProtocolError } from './index';
import { type FakeServer, serveFake } from './testing/serveFake';

/**
 * The client against a gateway that answers exactly as the public docs' examples do (docs/gateway-evidence.md 2-5),
 * with the values written out here, never taken from shared/gateway: the shared tables cannot make this test agree
 * with themselves. Signatures below were computed outside this code:
 *   printf '%s' "<values><key>" | sha256sum
 */
const KEY = 'sk_docs_test';
const IDS = { merchant_id: '701001', account_id: '701001010' };
const TX = '1379868618653958144';
const ORDER = '1731469069933';
/** merchant_id + account_id + TX + key: what a capture or refund of TX signs */
const ITEM_SIGNATURE = '7c5755ebdb1150960cc559df67b5dcc2813a930b6c31c2cd12ce0b19dcbf0cdf';
/** merchant_id + account_id + key: what a query or refund search signs */
const QUERY_SIGNATURE = '5123b418031755eea5f5027fb15fc246c5a35926ca754329a7bf9c8b20e2dc94';
const REQUEST_ID = '6f1c2a9e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
/** merchant_id + account_id + request_id + payment_currency + payment_amount + key */
const PAYOUT_SIGNATURE = '19ae7916e5545334edd89c3fc01cb4eb62c9178030d2cf8ae475a98e1fa061a6';

interface Arrival {
  path: string;
  contentType: string;
  body: string;
}
const arrivals: Arrival[] = [];
/** when set, the gateway echoes this instead of what it received */
let wrongEcho: string | undefined;
let fake: FakeServer;

/** The docs' answers echo the request's own encryption_data (docs/gateway-evidence.md 2). */
function echo(received: string): string {
  return wrongEcho ?? received;
}

beforeAll(async () => {
  const app = new Hono();
  app.use(async (c, next) => {
    arrivals.push({ path: c.req.path, contentType: c.req.header('content-type') ?? '', body: await c.req.text() });
    await next();
  });
  // the docs' samples: a JSON document under the form content type, read as JSON whatever the header says
  const json = () => JSON.parse(arrivals.at(-1)!.body) as Record<string, unknown>;
  const form = () => Object.fromEntries(new URLSearchParams(arrivals.at(-1)!.body));
  app.post('/v1/capture', (c) =>
    c.json({
      merchant_id: '701001',
      account_id: '701001010',
      return_status: '1',
      return_message: 'OK',
      encryption_data: echo(String(json().encryption_data)),
      capture_orders: [
        {
          amount: '10.36',
          capture_status: '1',
          currency: 'USD',
          error_message: '',
          order_no: ORDER,
          transaction_id: TX,
        },
      ],
    }),
  );
  app.post('/v1/refund', (c) =>
    c.json({
      merchant_id: '701001',
      account_id: '701001010',
      return_status: '1',
      return_message: 'OK',
      encryption_data: echo(String(json().encryption_data)),
      refund_orders: [
        {
          amount: '10.36',
          currency: 'USD',
          order_no: ORDER,
          refund_amount: '10.36',
          refund_message: 'V0000:OK',
          refund_reason: 'Refund requested by the merchant',
          refund_reference: '',
          refund_reference_id: `${TX}-01`,
          refund_status: '1',
          transaction_id: TX,
        },
      ],
    }),
  );
  app.post('/v1/retrievalRefund', (c) =>
    c.json({
      merchant_id: '701001',
      account_id: '701001010',
      return_status: '1',
      return_message: 'OK',
      encryption_data: echo(form().encryption_data ?? ''),
      refund_orders: [
        {
          transaction_id: TX,
          order_no: ORDER,
          amount: '10.36',
          refund_status: '1',
          payment_status: '4100',
          refund_amount: '10.36',
          refund_reference: '',
          currency: 'USD',
          refund_reason: 'Refund requested by the merchant',
          refund_reference_id: `${TX}-01`,
          refund_date: '20241113063528',
          refund_processing_date: '20241113063600',
        },
      ],
    }),
  );
  app.post('/v1/retrievalTrans', (c) =>
    c.json({
      merchant_id: '701001',
      account_id: '701001010',
      return_status: '1',
      return_message: 'OK',
      orders_list: [
        {
          order_no: ORDER,
          transaction_id: TX,
          amount: '10.36',
          currency: 'USD',
          payment_status: '3000',
          query_result: '1',
        },
      ],
    }),
  );
  app.post('/v1/payout', (c) =>
    c.json({
      ...json(),
      encryption_data: echo(String(json().encryption_data)),
      transaction_id: 'P100001',
      status: 'COMPLETED',
    }),
  );
  fake = await serveFake(app);
});
afterAll(() => fake?.close());
beforeEach(() => {
  arrivals.length = 0;
  wrongEcho = undefined;
});

const client = () =>
  createGatewayClient({ baseUrl: fake.url, merchantId: '701001', accountId: '701001010', signKey: KEY });
const item = { transaction_id: TX, order_no: ORDER, currency: 'USD', amount: '10.36' };
const payoutRequest = {
  request_id: REQUEST_ID,
  payment_amount: '100.00',
  payment_currency: 'USD',
  beneficiary: { first_name: 'Ana', bank_details: { iban: 'DE89370400440532013000' } },
};

describe("the docs' dialect", () => {
  it('capture settles as succeeded; the client sent a JSON document under the form content type', async () => {
    const res = await client().capture([item]);
    expect(res).toMatchObject({ returnStatus: '1', returnMessage: 'OK' });
    expect(res.items).toEqual([expect.objectContaining({ transaction_id: TX, ok: true })]);
    const [sent] = arrivals;
    expect(sent!.contentType).toBe('application/x-www-form-urlencoded');
    expect(JSON.parse(sent!.body)).toEqual({ ...IDS, capture_orders: [item], encryption_data: ITEM_SIGNATURE });
  });

  it('refund settles as succeeded with V0000:OK and <tx>-01; every item carries a refund_reason', async () => {
    const res = await client().refund([{ ...item, refund_amount: '10.36' }]);
    expect(res.items).toEqual([
      expect.objectContaining({ ok: true, refund_message: 'V0000:OK', refund_reference_id: `${TX}-01` }),
    ]);
    expect(res.items[0]!.errorCode).toBeUndefined();
    const sent = JSON.parse(arrivals[0]!.body);
    expect(arrivals[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect(sent.encryption_data).toBe(ITEM_SIGNATURE);
    expect(sent.refund_orders).toEqual([
      { ...item, refund_amount: '10.36', refund_reason: 'Refund requested by the merchant' },
    ]);
    await client().refund([{ ...item, refund_amount: '1.00', refund_reason: 'damaged in transit' }]);
    expect(JSON.parse(arrivals[1]!.body).refund_orders[0].refund_reason).toBe('damaged in transit');
  });

  it('refund search sends the documented form fields and reads the refund_orders list (4100, refund_date)', async () => {
    const res = await client().retrievalRefund({ refund_orders: [ORDER, '1731469069934'] });
    expect(res.refunds).toEqual([
      expect.objectContaining({
        transaction_id: TX,
        payment_status: '4100',
        refund_date: '20241113063528',
        refund_processing_date: '20241113063600',
        refund_reference_id: `${TX}-01`,
      }),
    ]);
    expect(arrivals[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(arrivals[0]!.body))).toEqual({
      ...IDS,
      encryption_data: QUERY_SIGNATURE,
      refund_orders: `${ORDER},1731469069934`,
    });
  });

  it('a query answer without encryption_data is the documented format', async () => {
    const [record] = await client().query({ orders: [ORDER] });
    expect(record).toMatchObject({ payment_status: '3000', query_result: '1' });
    expect(Object.fromEntries(new URLSearchParams(arrivals[0]!.body))).toEqual({
      ...IDS,
      encryption_data: QUERY_SIGNATURE,
      orders: ORDER,
    });
  });

  it('payout settles as COMPLETED; its signature is echoed', async () => {
    const res = await client().payout(payoutRequest);
    expect(res).toMatchObject({ transaction_id: 'P100001', status: 'COMPLETED' });
    expect(JSON.parse(arrivals[0]!.body).encryption_data).toBe(PAYOUT_SIGNATURE);
    expect(arrivals[0]!.contentType).toBe('application/x-www-form-urlencoded');
  });

  it('a wrong echo is an unknown outcome for money-moving calls, and a refused read for refund search', async () => {
    wrongEcho = 'e0570d4ba9730c85815363401fc6c0cd1501b3919c820a524529a40d0f1bfad7';
    for (const call of [
      () => client().capture([item]),
      () => client().refund([{ ...item, refund_amount: '10.36' }]),
      () => client().payout(payoutRequest),
    ]) {
      await expect(call()).rejects.toSatisfy(
        (e: unknown) => e instanceof GatewayProtocolError && e.outcomeUnknown === true,
      );
    }
    await expect(client().retrievalRefund({ refund_orders: [ORDER] })).rejects.toMatchObject({
      name: 'GatewayProtocolError',
      outcomeUnknown: false,
    });
  });
});
