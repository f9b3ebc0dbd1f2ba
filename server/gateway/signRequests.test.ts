import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayClient } from './index';
import { serveFake, type FakeServer } from './testing/serveFake';

// Every request as it arrives at a (fake) gateway: content type per docs/protocol-decisions.md 2, fields, and
// encryption_data recomputed here from the field lists of docs/protocol-decisions.md 3.
const KEY = 'sk_sandbox_701001010';
const IDS = { merchant_id: '701001', account_id: '701001010' };
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

interface Seen {
  path: string;
  type: string;
  raw: string;
}
const seen: Seen[] = [];
let fake: FakeServer;

function fields(s: Seen): Record<string, unknown> {
  return s.raw.startsWith('{') ? JSON.parse(s.raw) : Object.fromEntries(new URLSearchParams(s.raw));
}

beforeAll(async () => {
  const app = new Hono();
  app.use('/v1/*', async (c, next) => {
    seen.push({ path: c.req.path, type: c.req.header('content-type') ?? '', raw: await c.req.raw.clone().text() });
    await next();
  });
  app.post('/v1/checkout', (c) =>
    c.html(
      '<html><body><form method="post" action="/v1/checkout"><input type="hidden" name="merNo"></form></body></html>',
    ),
  );
  app.post('/v1/authorise', async (c) => {
    const b = await c.req.json();
    return c.body(
      `<?xml version="1.0"?><respon><merchant_id>${b.merchant_id}</merchant_id><account_id>${b.account_id}</account_id>` +
        `<order_no>${b.order_no}</order_no><amount>${b.amount}</amount><currency>${b.currency}</currency>` +
        `<issuer_url>${new URL('/issuer/T1?token=a&amp;b=c', c.req.url)}</issuer_url></respon>`,
      200,
      { 'content-type': 'application/xml' },
    );
  });
  app.get('/issuer/T1', (c) => c.redirect('/bank/pay/T1', 302));
  app.post('/v1/retrievalTrans', async (c) => {
    const f = Object.fromEntries(new URLSearchParams(await c.req.text()));
    const orders = (f.orders ?? '')
      .split(',')
      .filter(Boolean)
      .map((o) => ({ order_no: o, query_result: '1', payment_status: '2000' }));
    const trades = (f.trades ?? '')
      .split(',')
      .filter(Boolean)
      .map((t) => ({ transaction_id: t, query_result: '0' }));
    return c.json({ ...IDS, return_status: '1', return_message: 'ok', orders_list: [...orders, ...trades] });
  });
  for (const op of ['capture', 'cancel', 'review', 'refund']) {
    app.post(`/v1/${op}`, async (c) => {
      const b = await c.req.json();
      const list = (b[`${op}_orders`] as Record<string, string>[]).map((i) => ({
        ...i,
        [`${op}_status`]: '1',
        error_message: '',
      }));
      const env = { ...IDS, return_status: '1', return_message: 'all done' };
      return c.json({ ...env, encryption_data: b.encryption_data, [`${op}_orders`]: list });
    });
  }
  app.post('/v1/retrievalRefund', async (c) => {
    const f = Object.fromEntries(new URLSearchParams(await c.req.text()));
    return c.json({
      ...IDS,
      return_status: '1',
      return_message: '',
      encryption_data: f.encryption_data,
      refund_orders: [{ refund_reference: 'R1' }],
    });
  });
  app.post('/v1/payout', async (c) => {
    const b = await c.req.json();
    const ans = { ...IDS, request_id: b.request_id, transaction_id: 'PO1', status: 'PROCESSING' };
    return c.json({ ...ans, encryption_data: b.encryption_data });
  });
  fake = await serveFake(app);
});
afterAll(() => fake.close());
beforeEach(() => {
  seen.length = 0;
});

const client = () =>
  createGatewayClient({ baseUrl: fake.url, ...{ merchantId: '701001', accountId: '701001010' }, signKey: KEY });
const order = {
  order_no: 'ORD-1',
  currency: 'USD',
  amount: '25.00',
  return_url: 'https://shop.example/pay/return/p1',
  website: 'shop.example',
};

describe('checkout', () => {
  it("posts a signed form, JSON-encoding array and object fields, and returns the page's form", async () => {
    const { form } = await client().checkout({
      ...order,
      items: [{ name: 'T-shirt', sku: 'TS-1', unit_price: '12.50', quantity: 2 }],
      cart_items: [{ basic_item_data: { name: 'T-shirt', quantity: '2' } }],
      subscription: { contract: 'c1', billing_cycle: 3 },
      checkout_time: 1700000000,
      // a caller's merchant_id can never replace the account's
      ...({ merchant_id: '999' } as object),
    });
    expect(form).toEqual({ action: expect.stringMatching(/\/v1\/checkout$/), fields: [['merNo', '']] });
    expect(seen).toHaveLength(1);
    const s = seen[0]!;
    expect(s.type).toMatch(/^application\/x-www-form-urlencoded/);
    const f = fields(s);
    expect(f).toMatchObject({
      ...IDS,
      order_no: 'ORD-1',
      amount: '25.00',
      checkout_time: '1700000000',
      website: 'shop.example',
    });
    expect(f.items).toBe('T-shirt#,#TS-1#,#12.50#,#2');
    expect(JSON.parse(f.cart_items as string)).toEqual([{ basic_item_data: { name: 'T-shirt', quantity: '2' } }]);
    expect(JSON.parse(f.subscription as string)).toEqual({ contract: 'c1', billing_cycle: 3 });
    expect(f.encryption_data).toBe(sha('701001701001010ORD-1USD25.00https://shop.example/pay/return/p1' + KEY));
  });

  it('refuses a return_url with "&" and items with a delimiter before sending anything', async () => {
    await expect(client().checkout({ ...order, return_url: 'https://shop.example/r?a=1&b=2' })).rejects.toMatchObject({
      name: 'GatewayRequestError',
      source: 'return_url',
      outcomeUnknown: false,
    });
    await expect(
      client().checkout({ ...order, items: [{ name: 'a#,#b', sku: 's', unit_price: '1.00', quantity: 1 }] }),
    ).rejects.toMatchObject({ name: 'GatewayRequestError', source: 'items.0.name' });
    expect(seen).toHaveLength(0);
  });
});

describe('authorise', () => {
  it('posts signed JSON with nested person, reads the XML and follows issuer_url one step', async () => {
    const res = await client().authorise({
      ...order,
      payment_method: 'PIX',
      person: { document_number: '123', documents: { file_type: 'pdf' } },
    });
    const s = seen[0]!;
    expect(s.type).toMatch(/^application\/x-www-form-urlencoded/); // a JSON document under the docs' content type
    expect(s.raw.startsWith('{')).toBe(true);
    const f = fields(s);
    expect(f.person).toEqual({ document_number: '123', documents: { file_type: 'pdf' } });
    expect(f.encryption_data).toBe(sha('701001701001010ORD-1USD25.00https://shop.example/pay/return/p1' + KEY));
    expect(res.result).toMatchObject({ order_no: 'ORD-1', amount: '25.00', currency: 'USD' });
    expect(res.issuerUrl).toBe(`${fake.url}/issuer/T1?token=a&b=c`);
    // the 302's relative Location, made absolute; the redirect was not followed any further
    expect(res.redirectUrl).toBe(`${fake.url}/bank/pay/T1`);
  });
});

describe('query', () => {
  it('sends a signed form with comma-separated orders and trades', async () => {
    const records = await client().query({ orders: ['A', 'B'], trades: ['T9'] });
    const f = fields(seen[0]!);
    expect(seen[0]!.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(f).toEqual({ ...IDS, orders: 'A,B', trades: 'T9', encryption_data: sha('701001701001010' + KEY) });
    expect(records.map((r) => r.order_no ?? r.transaction_id)).toEqual(['A', 'B', 'T9']);
  });

  it('splits 260 references into calls of at most 100, orders first', async () => {
    const orders = Array.from({ length: 150 }, (_, i) => `O${i}`);
    const trades = Array.from({ length: 110 }, (_, i) => `T${i}`);
    const records = await client().query({ orders, trades });
    expect(records).toHaveLength(260);
    const calls = seen.map(fields);
    expect(
      calls.map((f) => [
        String(f.orders ?? '')
          .split(',')
          .filter(Boolean).length,
        String(f.trades ?? '')
          .split(',')
          .filter(Boolean).length,
      ]),
    ).toEqual([
      [100, 0],
      [50, 50],
      [0, 60],
    ]);
  });

  it('refuses a reference with a comma, and asks nothing for an empty selector', async () => {
    await expect(client().query({ orders: ['A,B'] })).rejects.toMatchObject({ name: 'GatewayRequestError' });
    expect(await client().query({})).toEqual([]);
    expect(seen).toHaveLength(0);
  });
});

describe('batches', () => {
  const items = [
    { transaction_id: 'TX1', order_no: 'O1', currency: 'USD', amount: '10.00' },
    { transaction_id: 'TX2', order_no: 'O2', currency: 'USD', amount: '5.00' },
  ];
  const ops = {
    capture: (c: ReturnType<typeof client>) => c.capture(items),
    cancel: (c: ReturnType<typeof client>) => c.cancel(items),
    review: (c: ReturnType<typeof client>) => c.review(items.map((i) => ({ ...i, review_flag: '1' as const }))),
    refund: (c: ReturnType<typeof client>) =>
      c.refund(items.map((i) => ({ ...i, refund_amount: '1.00', refund_reason: 'damaged' }))),
  };
  for (const [op, run] of Object.entries(ops)) {
    it(`${op}: signed JSON over the items' transaction_ids in order, verified answer`, async () => {
      const result = await run(client());
      const s = seen[0]!;
      expect(s.path).toBe(`/v1/${op}`);
      expect(s.type).toMatch(/^application\/x-www-form-urlencoded/);
      const f = fields(s);
      expect(f.encryption_data).toBe(sha('701001701001010TX1TX2' + KEY));
      expect((f[`${op}_orders`] as unknown[]).length).toBe(2);
      expect(result.returnStatus).toBe('1');
      expect(result.items.map((i) => [i.transaction_id, i.ok])).toEqual([
        ['TX1', true],
        ['TX2', true],
      ]);
    });
  }

  it('refuses a batch over its limit (B0001) and an empty batch before sending', async () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        transaction_id: `T${i}`,
        order_no: `O${i}`,
        currency: 'USD',
        amount: '1.00',
      }));
    await expect(client().capture(many(51))).rejects.toMatchObject({ name: 'GatewayRequestError', code: 'B0001' });
    await expect(client().refund(many(51).map((i) => ({ ...i, refund_amount: '1.00' })))).rejects.toMatchObject({
      code: 'B0001',
    });
    await expect(client().cancel([])).rejects.toMatchObject({ name: 'GatewayRequestError' });
    await expect(client().review(many(101).map((i) => ({ ...i, review_flag: '0' as const })))).rejects.toMatchObject({
      code: 'B0001',
    });
    expect(seen).toHaveLength(0);
    // 100 is still one review call
    await client().review(many(100).map((i) => ({ ...i, review_flag: '0' as const })));
    expect(seen).toHaveLength(1);
  });
});

describe('retrievalRefund and payout', () => {
  it('retrievalRefund posts a signed form of comma-separated references', async () => {
    const res = await client().retrievalRefund({ refund_references: ['R1', 'R2'] });
    const f = fields(seen[0]!);
    expect(seen[0]!.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(f).toEqual({ ...IDS, refund_references: 'R1,R2', encryption_data: sha('701001701001010' + KEY) });
    expect(res.refunds).toEqual([{ refund_reference: 'R1' }]);
  });

  it('payout posts signed JSON over request_id, currency and amount', async () => {
    const request_id = '6f1c2a9e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
    const res = await client().payout({
      request_id,
      payment_amount: '100.00',
      payment_currency: 'EUR',
      beneficiary: { first_name: 'Ana', bank_details: { iban: 'DE89370400440532013000' } },
    });
    const f = fields(seen[0]!);
    // the docs' samples: a JSON document under the form content type
    expect(seen[0]!.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(f.encryption_data).toBe(sha(`701001701001010${request_id}EUR100.00` + KEY));
    expect(f.beneficiary).toEqual({ first_name: 'Ana', bank_details: { iban: 'DE89370400440532013000' } });
    expect(res).toMatchObject({ transaction_id: 'PO1', status: 'PROCESSING', request_id });
  });

  it('payout refuses a request_id that is not a UUID', async () => {
    await expect(
      client().payout({ request_id: 'abc', payment_amount: '1.00', payment_currency: 'EUR', beneficiary: {} }),
    ).rejects.toMatchObject({
      name: 'GatewayRequestError',
      source: 'request_id',
    });
    expect(seen).toHaveLength(0);
  });
});
