import { Hono, type Context } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sign } from '../../shared/gateway/hashNode';
import {
  createGatewayClient,
  GatewayProtocolError,
  GatewayRejectedError,
  GatewayTimeoutError,
  GatewayUnavailableError,
  type GatewayCallRecord,
  type GatewayConfig,
} from './index';
import { serveFake, type FakeServer } from './testing/serveFake';

// Faults the sandbox cannot produce on demand, provoked by a small real HTTP server whose answer each test sets.
const KEY = 'sk_sandbox_701001010';
const IDS = { merchant_id: '701001', account_id: '701001010' };
type Handler = (c: Context) => Response | Promise<Response>;

let fake: FakeServer;
let handlers: Record<string, Handler> = {};
let arrivals: { path: string; body: string }[] = [];
let records: GatewayCallRecord[] = [];

beforeAll(async () => {
  const app = new Hono();
  app.all('*', async (c) => {
    arrivals.push({ path: c.req.path, body: await c.req.text() });
    const h = handlers[c.req.path];
    return h ? h(c) : c.text('no handler', 404);
  });
  fake = await serveFake(app);
});
afterAll(() => fake.close());
beforeEach(() => {
  handlers = {};
  arrivals = [];
  records = [];
});

function client(extra: Partial<GatewayConfig> = {}) {
  return createGatewayClient({
    baseUrl: fake.url,
    merchantId: IDS.merchant_id,
    accountId: IDS.account_id,
    signKey: KEY,
    timeoutMs: 300,
    retry: { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 50 },
    onCall: (r) => records.push(r),
    ...extra,
  });
}

const order = {
  order_no: 'ORD-1',
  currency: 'USD',
  amount: '25.00',
  return_url: 'https://shop.example/r/1',
  website: 'shop.example',
};
const apm = { ...order, payment_method: 'PIX' };
const items = [{ transaction_id: 'TX1', order_no: 'O1', currency: 'USD', amount: '10.00' }];
const never: Handler = () => new Promise<Response>(() => undefined);
const xml = (c: Context, body: string, status = 200) =>
  c.body(body, status as 200, { 'content-type': 'application/xml' });
const respon = (fields: Record<string, string>) =>
  `<?xml version="1.0" encoding="UTF-8"?><respon>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('')}</respon>`;
/** A capture answer echoing the encryption_data that a capture of `items` signed with `key` carries. */
const signedBatch = (key = KEY, extra: Record<string, unknown> = {}) => {
  const env = { ...IDS, return_status: '1', return_message: 'ok' };
  return {
    ...env,
    encryption_data: sign('capture', { ...IDS, capture_orders: items }, key),
    capture_orders: [{ ...items[0], capture_status: '1', error_message: '' }],
    ...extra,
  };
};

describe('time-outs', () => {
  it('a payment call that gets no answer fails once, as a time-out with an unknown outcome', async () => {
    handlers['/v1/checkout'] = never;
    const started = Date.now();
    const err = await client()
      .checkout(order)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayTimeoutError);
    expect(err).toMatchObject({ outcomeUnknown: true, timeoutMs: 300, operation: 'checkout' });
    expect((err as Error).message).toMatch(/outcome unknown, resolve it by query/);
    expect(arrivals).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(records.map((r) => r.outcome)).toEqual(['timeout']);
  });

  it('a query that gets no answer is retried, then fails with a known (nothing changed) outcome', async () => {
    handlers['/v1/retrievalTrans'] = never;
    const err = await client({ queryTimeoutMs: 150 })
      .query({ orders: ['A'] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayTimeoutError);
    expect(err).toMatchObject({ outcomeUnknown: false, timeoutMs: 150 });
    expect(arrivals).toHaveLength(3);
    expect(records.map((r) => r.attempt)).toEqual([1, 2, 3]);
  });

  it('a refund is never retried', async () => {
    handlers['/v1/refund'] = never;
    const err = await client()
      .refund([{ ...items[0]!, refund_amount: '1.00' }])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayTimeoutError);
    expect(err).toMatchObject({ outcomeUnknown: true });
    expect(arrivals).toHaveLength(1);
  });
});

describe('5xx and network failures', () => {
  it('a 500 on authorise is "unavailable", outcome unknown, not retried', async () => {
    handlers['/v1/authorise'] = (c) => c.text('Internal error', 500);
    const err = await client()
      .authorise(apm)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayUnavailableError);
    expect(err).toMatchObject({ httpStatus: 500, outcomeUnknown: true });
    expect(arrivals).toHaveLength(1);
  });

  it('a query survives two 5xx and answers on the third attempt', async () => {
    let n = 0;
    handlers['/v1/retrievalTrans'] = (c) =>
      ++n < 3
        ? c.text('busy', 503)
        : c.json({
            ...IDS,
            return_status: '1',
            return_message: '',
            orders_list: [{ order_no: 'A', query_result: '1', payment_status: '3000' }],
          });
    const records2 = await client().query({ orders: ['A'] });
    expect(records2).toEqual([{ order_no: 'A', query_result: '1', payment_status: '3000' }]);
    expect(records.map((r) => r.outcome)).toEqual(['unavailable', 'unavailable', 'ok']);
  });

  it('a payout is retried with the very same body (same request_id) after a 502', async () => {
    let n = 0;
    handlers['/v1/payout'] = async (c) => {
      if (++n === 1) return c.text('bad gateway', 502);
      const b = JSON.parse(arrivals.at(-1)!.body);
      const ans = { ...IDS, request_id: b.request_id, transaction_id: 'PO1', status: 'COMPLETED' };
      return c.json({ ...ans, encryption_data: b.encryption_data });
    };
    const res = await client().payout({
      request_id: '6f1c2a9e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
      payment_amount: '1.00',
      payment_currency: 'EUR',
      beneficiary: {},
    });
    expect(res.status).toBe('COMPLETED');
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]!.body).toBe(arrivals[0]!.body);
  });

  it('a refused connection means nothing was sent: unavailable, outcome known', async () => {
    const dead = await serveFake(new Hono());
    await dead.close();
    const err = await client({ baseUrl: dead.url })
      .checkout(order)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayUnavailableError);
    expect(err).toMatchObject({ outcomeUnknown: false, httpStatus: undefined });
  });
});

describe('rejections carry the gateway code', () => {
  it('JSON error body: code, source and HTTP status', async () => {
    handlers['/v1/capture'] = (c) =>
      c.json(
        {
          return_status: '0',
          return_message: 'I0013:Encryption value is incorrect',
          code: 'I0013',
          source: 'encryption_data',
          message: 'Encryption value is incorrect',
        },
        400,
      );
    const err = await client()
      .capture(items)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayRejectedError);
    expect(err).toMatchObject({
      code: 'I0013',
      source: 'encryption_data',
      httpStatus: 400,
      outcomeUnknown: false,
      gatewayMessage: 'Encryption value is incorrect',
    });
    expect(records[0]).toMatchObject({ outcome: 'rejected', errorCode: 'I0013', httpStatus: 400 });
  });

  it('return_message only (the older style) still yields the code', async () => {
    handlers['/v1/retrievalRefund'] = (c) =>
      c.json({ return_status: '0', return_message: 'I0115:record not found' }, 404);
    await expect(client().retrievalRefund({ refund_references: ['R1'] })).rejects.toMatchObject({
      code: 'I0115',
      gatewayMessage: 'record not found',
      httpStatus: 404,
    });
  });

  it('a query from an unregistered IP (403) is not retried', async () => {
    handlers['/v1/retrievalTrans'] = (c) =>
      c.json(
        {
          return_status: '0',
          return_message: 'I0072:IP is not registered for query',
          code: 'I0072',
          source: 'ip',
          message: 'IP',
        },
        403,
      );
    await expect(client().query({ orders: ['A'] })).rejects.toMatchObject({
      name: 'GatewayRejectedError',
      code: 'I0072',
      httpStatus: 403,
    });
    expect(arrivals).toHaveLength(1);
  });

  it('a 200 JSON answer with return_status "0" is a rejection', async () => {
    handlers['/v1/retrievalTrans'] = (c) =>
      c.json({ return_status: '0', return_message: 'I0004:account does not belong to the merchant' });
    await expect(client().query({ orders: ['A'] })).rejects.toMatchObject({
      name: 'GatewayRejectedError',
      code: 'I0004',
      httpStatus: 200,
    });
  });

  it('authorise XML error document (I0061)', async () => {
    handlers['/v1/authorise'] = (c) =>
      xml(
        c,
        respon({ code: 'I0061', source: 'order_no', message: 'a successful payment with this order_no exists' }),
        400,
      );
    const err = await client()
      .authorise(apm)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayRejectedError);
    expect(err).toMatchObject({ code: 'I0061', source: 'order_no', httpStatus: 400, outcomeUnknown: false });
  });

  it('checkout HTML error page: the code and the field, nothing else', async () => {
    handlers['/v1/checkout'] = (c) =>
      c.html(
        '<!doctype html><html><head><title>Payment request refused</title></head><body><h1>Payment request refused</h1>' +
          '<p class="error" role="alert"><strong>I0017</strong>: order_no is empty</p><p>Field: <code>order_no</code></p></body></html>',
        400,
      );
    await expect(client().checkout(order)).rejects.toMatchObject({
      name: 'GatewayRejectedError',
      code: 'I0017',
      source: 'order_no',
      gatewayMessage: 'order_no is empty',
      httpStatus: 400,
    });
  });

  it('a 429 on a query is retried after Retry-After; on a capture it is not', async () => {
    let n = 0;
    handlers['/v1/retrievalTrans'] = (c) =>
      ++n === 1
        ? c.json({ return_status: '0', return_message: 'slow down' }, 429, { 'retry-after': '0' })
        : c.json({ return_status: '1', orders_list: [] });
    expect(await client().query({ orders: ['A'] })).toEqual([]);
    expect(n).toBe(2);
    handlers['/v1/capture'] = (c) =>
      c.json({ return_status: '0', return_message: 'slow down' }, 429, { 'retry-after': '0' });
    await expect(client().capture(items)).rejects.toMatchObject({ name: 'GatewayRejectedError', httpStatus: 429 });
    expect(arrivals.filter((a) => a.path === '/v1/capture')).toHaveLength(1);
  });
});

describe('answers that cannot be trusted are protocol errors', () => {
  it('malformed XML from authorise: outcome unknown', async () => {
    handlers['/v1/authorise'] = (c) => xml(c, '<respon><order_no>ORD-1</order_no>');
    const err = await client()
      .authorise(apm)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayProtocolError);
    expect(err).toMatchObject({ outcomeUnknown: true, httpStatus: 200 });
  });

  it('XML with a DOCTYPE (XXE) is refused, and the entity is never resolved', async () => {
    handlers['/v1/authorise'] = (c) =>
      xml(
        c,
        '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><respon><issuer_url>&x;</issuer_url></respon>',
      );
    await expect(client().authorise(apm)).rejects.toThrow(/DOCTYPE is not allowed/);
    expect(arrivals).toHaveLength(1);
  });

  it('an answer about another order, or not XML at all, is not trusted', async () => {
    const base = {
      ...IDS,
      order_no: 'ORD-1',
      amount: '25.00',
      currency: 'USD',
      issuer_url: 'https://issuer.example/p',
    };
    handlers['/v1/authorise'] = (c) => xml(c, respon({ ...base, order_no: 'ORD-2' }));
    await expect(client().authorise(apm)).rejects.toThrow(/order_no is "ORD-2"/);
    handlers['/v1/authorise'] = (c) => xml(c, respon({ ...base, amount: '2500.00' }));
    await expect(client().authorise(apm)).rejects.toBeInstanceOf(GatewayProtocolError);
    handlers['/v1/authorise'] = (c) => c.json(base);
    await expect(client().authorise(apm)).rejects.toThrow(/expected XML/);
    handlers['/v1/authorise'] = (c) => xml(c, respon({ ...base, issuer_url: 'javascript:alert(1)' }));
    await expect(client().authorise(apm)).rejects.toThrow(/not an http\(s\) URL/);
  });

  it('checkout answering something other than the loading page', async () => {
    handlers['/v1/checkout'] = (c) => c.json({ ok: true });
    await expect(client().checkout(order)).rejects.toMatchObject({
      name: 'GatewayProtocolError',
      outcomeUnknown: true,
    });
  });

  it('a batch answer without the echo of our encryption_data, or with another one, is an unknown outcome', async () => {
    handlers['/v1/capture'] = (c) => c.json(signedBatch('sk_attacker'));
    await expect(client().capture(items)).rejects.toMatchObject({ name: 'GatewayProtocolError', outcomeUnknown: true });
    handlers['/v1/capture'] = (c) => c.json(signedBatch(KEY, { encryption_data: undefined }));
    await expect(client().capture(items)).rejects.toThrow(/carries no encryption_data/);
    // the echo is our own signature, signed with the current key: a rotation key does not make it match
    handlers['/v1/capture'] = (c) => c.json(signedBatch('sk_old'));
    await expect(client({ verifyKeys: ['sk_old'] }).capture(items)).rejects.toThrow(/not the one this request sent/);
    handlers['/v1/capture'] = (c) =>
      c.json(signedBatch(KEY, { encryption_data: signedBatch().encryption_data.toUpperCase() }));
    const ok = await client().capture(items);
    expect(ok.items[0]).toMatchObject({ transaction_id: 'TX1', ok: true });
  });

  it('a query answer need not carry encryption_data, but one that is not our own is refused', async () => {
    const env = { ...IDS, return_status: '1', return_message: '' };
    const list = [{ order_no: 'A', query_result: '1', payment_status: '3000' }];
    handlers['/v1/retrievalTrans'] = (c) =>
      c.json({ ...env, encryption_data: sign('query', env, 'sk_attacker'), orders_list: list });
    await expect(client().query({ orders: ['A'] })).rejects.toMatchObject({
      name: 'GatewayProtocolError',
      outcomeUnknown: false,
    });
    expect(arrivals).toHaveLength(1);
    handlers['/v1/retrievalTrans'] = (c) =>
      c.json({ ...env, encryption_data: sign('query', env, KEY), orders_list: list });
    expect(await client().query({ orders: ['A'] })).toEqual(list);
    handlers['/v1/retrievalTrans'] = (c) => c.json({ ...env, account_id: '701001020', orders_list: list });
    await expect(client().query({ orders: ['A'] })).rejects.toThrow(/another merchant account/);
  });

  it('a payout answer with a bad signature', async () => {
    handlers['/v1/payout'] = (c) =>
      c.json({
        ...IDS,
        request_id: '6f1c2a9e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
        transaction_id: 'PO1',
        status: 'COMPLETED',
        encryption_data: 'ab'.repeat(32),
      });
    await expect(
      client().payout({
        request_id: '6f1c2a9e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
        payment_amount: '1.00',
        payment_currency: 'EUR',
        beneficiary: {},
      }),
    ).rejects.toMatchObject({ name: 'GatewayProtocolError', outcomeUnknown: true });
    expect(arrivals).toHaveLength(1);
  });

  it('an answer over 1 MiB is refused unread', async () => {
    handlers['/v1/retrievalTrans'] = (c) =>
      c.json({ return_status: '1', orders_list: [], pad: 'x'.repeat(1100 * 1024) });
    await expect(client().query({ orders: ['A'] })).rejects.toThrow(/larger than/);
  });
});

describe('batch item results', () => {
  it('decodes failed items from error_message and refund_message', async () => {
    handlers['/v1/refund'] = (c) => {
      const env = { ...IDS, return_status: '2', return_message: 'some failed' };
      return c.json({
        ...env,
        encryption_data: JSON.parse(arrivals.at(-1)!.body).encryption_data,
        refund_orders: [
          {
            transaction_id: 'TX1',
            order_no: 'O1',
            refund_status: '1',
            refund_message: '0000:Refund accepted',
            refund_reference_id: 'TX1-1',
          },
          {
            transaction_id: 'TX2',
            order_no: 'O2',
            refund_status: '0',
            refund_message: 'B0002:refund amount is over the refundable amount',
          },
          {
            transaction_id: 'TX3',
            order_no: 'O3',
            refund_status: '0',
            error_message: 'E0009:Wrong operation for the order status',
          },
        ],
      });
    };
    const res = await client().refund(
      ['TX1', 'TX2', 'TX3'].map((t, i) => ({
        transaction_id: t,
        order_no: `O${i + 1}`,
        currency: 'USD',
        amount: '10.00',
        refund_amount: '20.00',
      })),
    );
    expect(res.returnStatus).toBe('2');
    expect(res.items.map((i) => [i.ok, i.errorCode])).toEqual([
      [true, undefined],
      [false, 'B0002'],
      [false, 'E0009'],
    ]);
    expect(res.items[0]!.refund_reference_id).toBe('TX1-1');
  });
});

describe('issuer_url (docs/protocol-decisions.md 8)', () => {
  const answer =
    (issuer: string): Handler =>
    (c) =>
      xml(c, respon({ ...IDS, order_no: 'ORD-1', amount: '25.00', currency: 'USD', issuer_url: issuer }));

  it('a 200 means issuer_url itself is the page', async () => {
    handlers['/v1/authorise'] = answer(`${fake.url}/issuer/1`);
    handlers['/issuer/1'] = (c) => c.html('<html>issuer</html>');
    const res = await client().authorise(apm);
    expect(res.redirectUrl).toBe(`${fake.url}/issuer/1`);
  });

  it('a 303 Location is followed by nobody but the shopper', async () => {
    handlers['/v1/authorise'] = answer(`${fake.url}/issuer/2`);
    handlers['/issuer/2'] = (c) => c.redirect('https://bank.example/approve?id=2', 303);
    const res = await client().authorise(apm);
    expect(res.redirectUrl).toBe('https://bank.example/approve?id=2');
    expect(arrivals.map((a) => a.path)).toEqual(['/v1/authorise', '/issuer/2']);
  });

  it('a 3xx without Location, or a failing issuer page, leaves the created payment unknown', async () => {
    handlers['/v1/authorise'] = answer(`${fake.url}/issuer/3`);
    handlers['/issuer/3'] = () => new Response(null, { status: 302 });
    await expect(client().authorise(apm)).rejects.toMatchObject({
      name: 'GatewayProtocolError',
      operation: 'issuerPage',
      outcomeUnknown: true,
    });
    handlers['/issuer/3'] = (c) => c.text('down', 500);
    await expect(client().authorise(apm)).rejects.toMatchObject({
      name: 'GatewayUnavailableError',
      operation: 'issuerPage',
      outcomeUnknown: true,
    });
  });

  // issue #18: a failure that looks like "nothing was sent" is still after the payment was created
  it('an issuer page refused, missing (4xx) or unreadable is unknown too, never a refusal', async () => {
    handlers['/v1/authorise'] = answer('http://127.0.0.1:9/issuer/4');
    await expect(client().authorise(apm)).rejects.toMatchObject({ operation: 'issuerPage', outcomeUnknown: true });
    handlers['/v1/authorise'] = answer(`${fake.url}/issuer/4`);
    handlers['/issuer/4'] = (c) => c.text('gone', 404);
    const missing = await client()
      .authorise(apm)
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(GatewayUnavailableError);
    expect(missing).toMatchObject({ operation: 'issuerPage', outcomeUnknown: true });
    handlers['/issuer/4'] = (c) => c.redirect('javascript:alert(1)', 302);
    await expect(client().authorise(apm)).rejects.toMatchObject({ operation: 'issuerPage', outcomeUnknown: true });
  });
});

describe('the audit records', () => {
  it('mask signatures and personal identifiers and never contain the sign key', async () => {
    handlers['/v1/payout'] = async (c) => {
      const b = JSON.parse(arrivals.at(-1)!.body);
      const ans = { ...IDS, request_id: b.request_id, transaction_id: 'PO1', status: 'PROCESSING' };
      return c.json({ ...ans, encryption_data: b.encryption_data, beneficiary: b.beneficiary });
    };
    await client().payout({
      request_id: '6f1c2a9e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
      payment_amount: '1.00',
      payment_currency: 'EUR',
      beneficiary: {
        first_name: 'Ana',
        bank_details: { iban: 'DE89370400440532013000', account_number: '0532013000' },
      },
    });
    const [r] = records;
    expect(r).toMatchObject({ operation: 'payout', method: 'POST', attempt: 1, httpStatus: 200, outcome: 'ok' });
    expect(r!.request).toMatchObject({
      encryption_data: '***',
      beneficiary: { bank_details: { iban: '***3000', account_number: '***3000' } },
    });
    const text = JSON.stringify(records);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('DE89370400440532013000');
    expect(JSON.parse(r!.response!)).toMatchObject({ encryption_data: '***' });
    expect(text).not.toMatch(/[0-9a-f]{64}/);
  });

  it('summarise HTML pages instead of copying them', async () => {
    handlers['/v1/checkout'] = (c) =>
      c.html(
        '<html><form method="post" action="/v1/checkout"><input type="hidden" name="signInfo" value="secret-ish"></form></html>',
      );
    await client().checkout(order);
    expect(records[0]!.response).toMatch(/^\[html page, \d+ characters\]$/);
  });

  it('a throwing audit hook does not change the result', async () => {
    handlers['/v1/retrievalTrans'] = (c) => c.json({ return_status: '1', orders_list: [] });
    const c = client({
      onCall: () => {
        throw new Error('audit down');
      },
    });
    expect(await c.query({ orders: ['A'] })).toEqual([]);
  });
});
