import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANUAL, paymentOrder, postJson, signed } from './testing/gatewayCalls';
import { payByCard } from './testing/flows';
import { startSandboxInProcess, type SandboxInProcess } from '../testing/startSandboxInProcess';

let sb: SandboxInProcess;
beforeAll(async () => {
  sb = await startSandboxInProcess();
});
afterAll(() => sb?.close());

const post = (path: string, body: string, type: string) =>
  fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'Content-Type': type }, body });

describe('every endpoint refuses what is not a request', () => {
  const endpoints = [
    '/v1/authorise',
    '/v1/checkout',
    '/v1/retrievalTrans',
    '/v1/capture',
    '/v1/review',
    '/v1/cancel',
    '/v1/refund',
    '/v1/retrievalRefund',
    '/v1/payout',
  ];

  it.each(endpoints)('%s: a 2 MiB body is 413', async (path) => {
    const res = await post(path, JSON.stringify({ note: 'x'.repeat(2 * 1024 * 1024) }), 'application/json');
    expect(res.status).toBe(413);
  });

  it('a 2 MiB body sent in chunks, without Content-Length, is 413 too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 32) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${sb.url}/v1/refund`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await post('/v1/refund', '{}', 'application/json')).status).toBe(400);
  });

  it.each(endpoints)('%s: malformed JSON is 400', async (path) => {
    const res = await post(path, '{"merchant_id": "701001",', 'application/json');
    expect(res.status).toBe(400);
  });

  it.each(endpoints)('%s: XML-looking input is 400', async (path) => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><request><merchant_id>&e;</merchant_id></request>';
    for (const type of ['application/xml', 'application/x-www-form-urlencoded', 'application/json']) {
      const res = await post(path, xml, type);
      expect(res.status, type).toBe(400);
      expect(await res.text()).not.toContain('root:');
    }
  });

  it('a JSON body that is not an object is 400 in the JSON error style', async () => {
    const res = await post('/v1/refund', '[1,2]', 'application/json');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ return_status: '0', code: 'I0059', source: 'body' });
  });

  it.each(['/v1/capture', '/v1/refund', '/v1/payout'])(
    '%s: a form body is 400 naming the body (it takes a JSON document)',
    async (path) => {
      const res = await post(path, 'merchant_id=701001&account_id=701001010', 'application/x-www-form-urlencoded');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'I0059', source: 'body' });
    },
  );

  it.each(['/v1/retrievalTrans', '/v1/retrievalRefund'])(
    '%s: a JSON document is 400 naming the body (it takes form fields)',
    async (path) => {
      for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
        const res = await post(path, JSON.stringify(signed('query', MANUAL, { orders: 'A' })), type);
        expect(res.status, type).toBe(400);
        expect(await res.json()).toMatchObject({ code: 'I0059', source: 'body' });
      }
    },
  );

  it('an unknown path is 404', async () => {
    expect((await post('/v1/nothing', '{}', 'application/json')).status).toBe(404);
  });
});

describe('a JSON document is read as JSON whatever the content-type header says', () => {
  it.each(['application/x-www-form-urlencoded', 'text/plain', ''])('refund sent as %j succeeds', async (type) => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    await postJson(
      `${sb.url}/v1/capture`,
      signed('capture', MANUAL, {
        capture_orders: [{ transaction_id: p.transaction_id, order_no: p.order_no, currency: 'USD', amount: '25.00' }],
      }),
    );
    const body = JSON.stringify(
      signed('refund', MANUAL, {
        refund_orders: [
          {
            transaction_id: p.transaction_id,
            order_no: p.order_no,
            currency: 'USD',
            amount: '25.00',
            refund_amount: '1.00',
            refund_reason: 'damaged',
          },
        ],
      }),
    );
    const res = await fetch(`${sb.url}/v1/refund`, {
      method: 'POST',
      headers: type ? { 'Content-Type': type } : {},
      body: type ? body : new Blob([body]),
    });
    const answer = (await res.json()) as Record<string, any>;
    expect(res.status, JSON.stringify(answer)).toBe(200);
    expect(answer.refund_orders[0].refund_status).toBe('1');
  });

  it('a payment order too, on /v1/authorise and /v1/checkout', async () => {
    for (const path of ['/v1/authorise', '/v1/checkout'] as const) {
      const kind = path === '/v1/authorise' ? 'authorise' : 'checkout';
      const order = paymentOrder({ payment_method: 'PIX' });
      const res = await post(path, JSON.stringify(signed(kind, MANUAL, order)), 'application/x-www-form-urlencoded');
      expect(res.status, path).toBe(200);
    }
  });
});

describe('sandbox control routes', () => {
  it('count the payment and refund calls the gateway saw, per endpoint and order', async () => {
    const p = await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder());
    const count = async (endpoint: string) =>
      (
        (await (
          await fetch(`${sb.url}/sandbox/requests/count?endpoint=${endpoint}&order_no=${p.order_no}`)
        ).json()) as { count: number }
      ).count;
    expect(await count('/v1/checkout')).toBe(2); // step 1 and the loading page's step 2
    expect(await count('/v1/refund')).toBe(0);
    const item = {
      transaction_id: p.transaction_id,
      order_no: p.order_no,
      currency: 'USD',
      amount: '25.00',
      refund_amount: '1.00',
      refund_reason: 'returned',
    };
    await postJson(`${sb.url}/v1/refund`, signed('refund', MANUAL, { refund_orders: [item] }));
    await postJson(`${sb.url}/v1/refund`, signed('refund', MANUAL, { refund_orders: [item] }));
    expect(await count('/v1/refund')).toBe(2);
  });

  it('list the newest 100 transactions, or as many as `limit` asks (1 to 5,000, anything else a 400 naming it)', async () => {
    const made: string[] = [];
    for (let i = 0; i < 101; i++) {
      const order = paymentOrder();
      const res = await postJson(`${sb.url}/v1/checkout`, signed('checkout', MANUAL, order));
      expect(res.status).toBe(200);
      made.push(String(order.order_no));
    }
    const listed = async (query: string) =>
      (
        (await (await fetch(`${sb.url}/sandbox/transactions${query}`)).json()) as {
          transactions: { order_no: string }[];
        }
      ).transactions;
    expect(await listed('')).toHaveLength(100);
    expect(await listed('?limit=2')).toHaveLength(2);
    for (const bad of ['0', '5001', 'ten', '2.5', '']) {
      const res = await fetch(`${sb.url}/sandbox/transactions?limit=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toMatchObject({ error: { fields: [{ path: 'limit' }] } });
    }
    const all = new Set((await listed('?limit=5000')).map((t) => t.order_no));
    expect(made.filter((no) => !all.has(no))).toEqual([]);
  });

  it('never show a sign key', async () => {
    await payByCard(sb.url, MANUAL, '4242424242424242', paymentOrder({ notify_url: 'http://127.0.0.1:9/nowhere' }));
    for (const path of ['/sandbox/transactions', '/sandbox/notifications']) {
      expect(await (await fetch(`${sb.url}${path}`)).text()).not.toContain('sk_sandbox');
    }
  });
});
