import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { submitCard } from './testing/flows';
import { formAction, hiddenInputs } from './testing/gatewayCalls';
import { type SandboxInProcess, startSandboxInProcess } from '../testing/startSandboxInProcess';

/**
 * The sandbox against what the gateway's own documentation shows on the wire (docs/gateway-evidence.md).
 * Every expected value is written here as a literal from that page, and every request signature is computed
 * here by hand (docs/protocol-decisions.md 3), never with shared/gateway's tables or signer: those are shared with the
 * backend, so a wrong decision in them would make both sides agree and no test between them fail.
 */

const MERCHANT = '701001';
const ACCOUNT = '701001020'; // the demo auto-capture account: an approved card payment is paid (3000)
const KEY = 'sk_sandbox_701001020';

/** lowercase hex SHA-256 of the values concatenated, spaces removed, then the key (docs/protocol-decisions.md 3) */
function sig(...values: string[]): string {
  return createHash('sha256')
    .update(values.join('').replace(/ /g, '') + KEY, 'utf8')
    .digest('hex');
}

let sb: SandboxInProcess;
beforeAll(async () => {
  sb = await startSandboxInProcess();
});
afterAll(() => sb?.close());

let counter = 0;
const newOrderNo = () => `${Date.now()}${++counter}`;

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

function postForm(path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${sb.url}${path}`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** A JSON document sent the way the docs' curl samples send it: the form content type, a raw JSON body. */
function postJsonAsForm(path: string, raw: string): Promise<Response> {
  return fetch(`${sb.url}${path}`, { method: 'POST', headers: FORM, body: raw });
}

function order(orderNo: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    merchant_id: MERCHANT,
    account_id: ACCOUNT,
    order_no: orderNo,
    currency: 'USD',
    amount: '10.36',
    return_url: 'https://shop.example/return',
    items: 'T-shirt#,#TS-1#,#10.36#,#1',
    shopper_id: 'shopper-42',
    shopper_email: 'ana@example.com',
    encryption_data: sig(MERCHANT, ACCOUNT, orderNo, 'USD', '10.36', 'https://shop.example/return'),
    ...extra,
  };
}

/** A card payment of 10.36 USD through checkout, the loading page and the hosted card page; returns its ids. */
async function paidOrder(): Promise<{ orderNo: string; tx: string }> {
  const orderNo = newOrderNo();
  const step1 = await postForm('/v1/checkout', order(orderNo));
  const loading = await step1.text();
  expect(step1.status, loading).toBe(200);
  const step2 = await fetch(formAction(loading), {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams(hiddenInputs(loading)).toString(),
  });
  const page = await step2.text();
  expect(step2.status, page).toBe(200);
  const paid = await submitCard({ action: formAction(page), token: hiddenInputs(page).token! }, '4242424242424242');
  expect(paid.status).toBe(303);
  const tx = new URL(paid.headers.get('location')!).searchParams.get('transaction_id')!;
  return { orderNo, tx };
}

function refundRequest(orderNo: string, tx: string, item: Record<string, string>): string {
  return JSON.stringify({
    merchant_id: MERCHANT,
    account_id: ACCOUNT,
    encryption_data: sig(MERCHANT, ACCOUNT, tx),
    refund_orders: [{ transaction_id: tx, order_no: orderNo, currency: 'USD', amount: '10.36', ...item }],
  });
}

describe('docs/gateway-evidence.md 5: query', () => {
  it('answers return_status "1", return_message "OK" and payment_status "3000" for a paid order', async () => {
    const { orderNo, tx } = await paidOrder();
    const res = await postForm('/v1/retrievalTrans', {
      merchant_id: MERCHANT,
      account_id: ACCOUNT,
      encryption_data: sig(MERCHANT, ACCOUNT),
      orders: orderNo,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(body.return_status).toBe('1');
    expect(body.return_message).toBe('OK');
    expect(body.orders_list[0]).toMatchObject({
      order_no: orderNo,
      transaction_id: tx,
      payment_status: '3000',
      query_result: '1',
    });
  });
});

describe('docs/gateway-evidence.md 1-3: refund', () => {
  it('takes a raw JSON body sent as form-urlencoded and echoes encryption_data byte for byte', async () => {
    const { orderNo, tx } = await paidOrder();
    const raw = refundRequest(orderNo, tx, { refund_amount: '4.00', refund_reason: 'damaged' });
    const res = await postJsonAsForm('/v1/refund', raw);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = JSON.parse(text) as Record<string, any>;
    expect(body.encryption_data).toBe((JSON.parse(raw) as { encryption_data: string }).encryption_data);
    expect(body).toMatchObject({
      merchant_id: MERCHANT,
      account_id: ACCOUNT,
      return_status: '1',
      return_message: 'OK',
    });
    expect(body.refund_orders[0]).toMatchObject({
      transaction_id: tx,
      order_no: orderNo,
      amount: '10.36',
      currency: 'USD',
      refund_amount: '4.00',
      refund_reason: 'damaged',
      refund_status: '1',
      refund_message: 'V0000:OK',
      refund_reference: '',
      refund_reference_id: `${tx}-01`,
    });
  });

  it('numbers the refunds of a transaction <tx>-01, <tx>-02 and echoes a refund_reference that was sent', async () => {
    const { orderNo, tx } = await paidOrder();
    const first = await postJsonAsForm(
      '/v1/refund',
      refundRequest(orderNo, tx, { refund_amount: '1.00', refund_reason: 'late' }),
    );
    const second = await postJsonAsForm(
      '/v1/refund',
      refundRequest(orderNo, tx, { refund_amount: '2.00', refund_reason: 'late', refund_reference: 'RF-778' }),
    );
    const items = [(await first.json()) as Record<string, any>, (await second.json()) as Record<string, any>].map(
      (b) => b.refund_orders[0],
    );
    expect(items.map((i) => [i.refund_reference_id, i.refund_reference])).toEqual([
      [`${tx}-01`, ''],
      [`${tx}-02`, 'RF-778'],
    ]);
  });

  it('refund_reason is required: a refund without one is refused naming it and refunds nothing', async () => {
    const { orderNo, tx } = await paidOrder();
    const res = await postJsonAsForm('/v1/refund', refundRequest(orderNo, tx, { refund_amount: '1.00' }));
    const body = (await res.json()) as Record<string, any>;
    expect(body.return_status).not.toBe('1');
    const failure = JSON.stringify(body);
    expect(failure).toContain('I0059');
    expect(failure).toContain('refund_reason');
    const again = await postJsonAsForm(
      '/v1/refund',
      refundRequest(orderNo, tx, { refund_amount: '1.00', refund_reason: 'late' }),
    );
    expect(((await again.json()) as Record<string, any>).refund_orders[0].refund_reference_id).toBe(`${tx}-01`);
  });
});

describe('docs/gateway-evidence.md 4: refund search', () => {
  async function wholeRefundSearch(): Promise<{ tx: string; request: Record<string, string>; body: any }> {
    const { orderNo, tx } = await paidOrder();
    const refund = await postJsonAsForm(
      '/v1/refund',
      refundRequest(orderNo, tx, { refund_amount: '10.36', refund_reason: 'not delivered' }),
    );
    expect(refund.status).toBe(200);
    const request = {
      merchant_id: MERCHANT,
      account_id: ACCOUNT,
      encryption_data: sig(MERCHANT, ACCOUNT),
      refund_orders: orderNo,
    };
    // refunds are asynchronous (docs/gateway-evidence.md 8): the docs' example shows one that has its result
    return vi.waitFor(
      async () => {
        const res = await postForm('/v1/retrievalRefund', request);
        expect(res.status).toBe(200);
        const body = (await res.json()) as any;
        expect(body.refund_orders[0].refund_processing_date).toMatch(/^\d{14}$/);
        return { tx, request, body };
      },
      { timeout: 10_000, interval: 20 },
    );
  }

  it('answers by the form field refund_orders with the fields of the docs, echoing encryption_data', async () => {
    const { tx, request, body } = await wholeRefundSearch();
    expect(body.encryption_data).toBe(request.encryption_data);
    expect(body).toMatchObject({
      merchant_id: MERCHANT,
      account_id: ACCOUNT,
      return_status: '1',
      return_message: 'OK',
    });
    const item = body.refund_orders[0];
    expect(item).toMatchObject({
      transaction_id: tx,
      order_no: request.refund_orders,
      amount: '10.36',
      refund_status: '1',
      refund_amount: '10.36',
      refund_reference: '',
      currency: 'USD',
      refund_reason: 'not delivered',
      refund_reference_id: `${tx}-01`,
    });
    expect(item.refund_date).toMatch(/^\d{14}$/);
    expect(item).toHaveProperty('refund_processing_date');
  });

  // passes once shared/gateway/status.ts has REFUNDED = '4100' (the backend branch changes it)
  it('a whole refund shows payment_status "4100"', async () => {
    const { body } = await wholeRefundSearch();
    expect(body.refund_orders[0].payment_status).toBe('4100');
  });
});

describe('docs/gateway-evidence.md 7: payment requests', () => {
  const expectRefusal = async (res: Response, field: string) => {
    const text = await res.text();
    expect(res.status, text).toBe(400);
    expect(text).toContain('I0059');
    expect(text).toContain(field);
  };

  it.each(['items', 'shopper_id', 'shopper_email'])('a checkout without %s is 400 naming it', async (field) => {
    const fields = order(newOrderNo());
    delete fields[field];
    await expectRefusal(await postForm('/v1/checkout', fields), field);
  });

  it.each(['items', 'shopper_id', 'shopper_email', 'shopper_ip', 'website'])(
    'an APM payment without %s is 400 naming it',
    async (field) => {
      const fields = order(newOrderNo(), { payment_method: 'PIX', shopper_ip: '203.0.113.7', website: 'shop.example' });
      delete fields[field];
      const res = await postForm('/v1/authorise', fields);
      const xml = await res.clone().text();
      expect(xml).toContain(`<source>${field}</source>`);
      await expectRefusal(res, field);
    },
  );

  it("takes a real merchant's redirect form: no website, an empty open3d, its own cancel_url and default_lang", async () => {
    const res = await postForm(
      '/v1/checkout',
      order(newOrderNo(), {
        cancel_url: 'https://shop.example/cart',
        default_lang: 'es',
        verify_billing_address: '1',
        card_type: '1',
        token_flag: 'NO',
        open3d: '',
        color_depth: '24',
      }),
    );
    const html = await res.text();
    expect(res.status, html).toBe(200);
    expect(hiddenInputs(html)).toMatchObject({
      cancel_url: 'https://shop.example/cart',
      default_lang: 'es',
      verify_billing_address: '1',
      card_type: '1',
      token_flag: 'NO',
      color_depth: '24',
    });
  });

  it('refuses a direct card payment: a card number on /v1/authorise is 400 naming the field', async () => {
    const res = await postForm(
      '/v1/authorise',
      order(newOrderNo(), {
        payment_method: 'PIX',
        shopper_ip: '203.0.113.7',
        website: 'shop.example',
        card_no: '4242424242424242',
        card_exp_month: '12',
        card_exp_year: '2039',
        card_cvv: '123',
      }),
    );
    const xml = await res.text();
    expect(res.status).toBe(400);
    expect(xml).toMatch(/<source>card_(no|exp_month|exp_year|cvv)<\/source>/);
    expect(xml).not.toContain('4242424242424242');
  });
});

describe('docs/gateway-evidence.md 8: notifications are HTTPS only', () => {
  it('a plain-http notify_url that is not on loopback is refused naming notify_url', async () => {
    const res = await postForm('/v1/checkout', order(newOrderNo(), { notify_url: 'http://shop.example/hooks' }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('notify_url');
  });
});
