import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verify } from '../../shared/gateway/hashNode';
import { MANUAL, paymentOrder, postForm, postJson, signed } from '../testing/gatewayCalls';
import { authoriseApm, onlyTransaction } from '../testing/flows';
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

const xmlTag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

async function authorise(
  fields: Record<string, unknown>,
): Promise<{ status: number; xml: string; type: string | null }> {
  const res = await postJson(`${sb.url}/v1/authorise`, fields);
  return { status: res.status, xml: await res.text(), type: res.headers.get('content-type') };
}

describe('/v1/authorise', () => {
  it('answers XML <respon> with issuer_url and creates a pending transaction', async () => {
    const order = paymentOrder({ payment_method: 'PIX' });
    const { status, xml, type } = await authorise(signed('authorise', MANUAL, order));
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/xml/);
    expect(xml).toMatch(/^<\?xml[^>]*>\n<respon>/);
    expect(xmlTag(xml, 'merchant_id')).toBe('701001');
    expect(xmlTag(xml, 'account_id')).toBe('701001010');
    expect(xmlTag(xml, 'order_no')).toBe(order.order_no);
    expect(xmlTag(xml, 'amount')).toBe('25.00');
    expect(xmlTag(xml, 'currency')).toBe('USD');
    expect(xmlTag(xml, 'issuer_url')).toMatch(new RegExp(`^${sb.url}/issuer/T[0-9A-F]+\\?token=`));
    expect((await onlyTransaction(sb.url, String(order.order_no))).payment_status).toBe('1000');
  });

  it('takes a form body with the nested person JSON-encoded', async () => {
    const order = paymentOrder({
      payment_method: 'BOLETO',
      person: { document_number: '12345678909', phone_country_code: '55' },
    });
    const res = await postForm(`${sb.url}/v1/authorise`, signed('authorise', MANUAL, order));
    expect(res.status).toBe(200);
    expect((await onlyTransaction(sb.url, String(order.order_no))).request).toMatchObject({
      person: { document_number: '12345678909' },
    });
  });

  it('refuses a wrong signature with I0013 in XML', async () => {
    const body = {
      ...signed('authorise', MANUAL, paymentOrder({ payment_method: 'PIX' })),
      encryption_data: '0'.repeat(64),
    };
    const { status, xml, type } = await authorise(body);
    expect(status).toBe(400);
    expect(type).toMatch(/^application\/xml/);
    expect(xmlTag(xml, 'code')).toBe('I0013');
    expect(xmlTag(xml, 'source')).toBe('encryption_data');
  });

  it('answers 404 I0004 for an unknown account', async () => {
    const { status, xml } = await authorise(
      signed(
        'authorise',
        { merchant_id: '701001', account_id: '999', key: 'x' },
        paymentOrder({ payment_method: 'PIX' }),
      ),
    );
    expect(status).toBe(404);
    expect(xmlTag(xml, 'code')).toBe('I0004');
  });

  it('refuses a payment method the account has not enabled (I0092)', async () => {
    const { status, xml } = await authorise(signed('authorise', MANUAL, paymentOrder({ payment_method: 'SOFORT' })));
    expect(status).toBe(400);
    expect(xmlTag(xml, 'code')).toBe('I0092');
  });

  // each required field missing, and each oversized, with the code docs/protocol-decisions.md 5 gives it
  const long = (n: number) => 'x'.repeat(n + 1);
  it.each([
    ['merchant_id', undefined, 'I0001'],
    ['account_id', undefined, 'I0002'],
    ['encryption_data', undefined, 'I0003'],
    ['order_no', undefined, 'I0017'],
    ['order_no', long(50), 'I0018'],
    ['currency', undefined, 'I0022'],
    ['currency', 'XXX', 'I0023'],
    ['amount', undefined, 'I0019'],
    ['amount', '1'.repeat(14) + '.00', 'I0020'],
    ['amount', '10.5', 'I0020'],
    ['amount', '0.00', 'I0021'],
    ['return_url', undefined, 'I0024'],
    ['return_url', `https://shop.example/${long(1000)}`, 'I0025'],
    ['return_url', 'https://shop.example/r?a=1&b=2', 'I0059'],
    ['website', undefined, 'I0059'],
    ['website', long(2000), 'I0060'],
    ['items', undefined, 'I0059'],
    ['shopper_id', undefined, 'I0059'],
    ['shopper_id', long(64), 'I0060'],
    ['shopper_email', undefined, 'I0059'],
    ['shopper_ip', undefined, 'I0059'],
    ['shopper_ip', long(50), 'I0060'],
    ['payment_method', undefined, 'I0069'],
    ['payment_method', long(50), 'I0060'],
    ['notify_url', 'not a url', 'I0059'],
    ['notify_url', 'http://shop.example/hooks', 'I0059'],
    ['notify_url', 'http://10.0.0.8/hooks', 'I0059'],
    ['notify_url', 'http://127.0.0.1.example/hooks', 'I0059'],
    ['note', long(1000), 'I0060'],
    ['shopper_email', long(100), 'I0060'],
    ['items', 'a#,#b', 'I0059'],
    ['birth_date', '31-02-1990', 'I0059'],
  ])('%s = %s -> %s', async (field, value, code) => {
    const order: Record<string, unknown> = paymentOrder({ payment_method: 'PIX' });
    const envelopeField = field === 'merchant_id' || field === 'account_id' || field === 'encryption_data';
    let body: Record<string, unknown>;
    if (envelopeField) {
      body = signed('authorise', MANUAL, order);
      delete body[field];
    } else {
      if (value === undefined) delete order[field];
      else order[field] = value;
      body = signed('authorise', MANUAL, order);
    }
    const { status, xml } = await authorise(body);
    expect(status).toBe(400);
    expect(xmlTag(xml, 'code')).toBe(code);
    expect(xmlTag(xml, 'source')).toBe(field);
    if (typeof order.order_no === 'string') {
      const list = (await (await fetch(`${sb.url}/sandbox/transactions?order_no=${order.order_no}`)).json()) as {
        transactions: unknown[];
      };
      expect(list.transactions).toEqual([]);
    }
  });
});

describe('notify_url', () => {
  it.each([
    'https://shop.example/hooks',
    'http://127.0.0.1:9/hooks',
    'http://127.8.9.10/hooks',
    'http://localhost:9/hooks',
    'http://[::1]:9/hooks',
  ])('%s is accepted', async (url) => {
    const { status, xml } = await authorise(
      signed('authorise', MANUAL, paymentOrder({ payment_method: 'PIX', notify_url: url })),
    );
    expect(status, xml).toBe(200);
  });

  it('plain http elsewhere is refused naming notify_url and saying why', async () => {
    const { xml } = await authorise(
      signed('authorise', MANUAL, paymentOrder({ payment_method: 'PIX', notify_url: 'http://shop.example/hooks' })),
    );
    expect(xmlTag(xml, 'source')).toBe('notify_url');
    expect(xmlTag(xml, 'message')).toMatch(/https/);
  });
});

describe('card data on /v1/authorise', () => {
  const PAN = '4242424242424242';
  it.each([
    ['card_no', PAN],
    ['card_number', PAN],
    ['cardNo', PAN],
    ['cvv', '123'],
    ['security_code', '123'],
    ['card_cvv', '123'],
    ['card_exp_month', '12'],
    ['card_exp_year', '2039'],
    ['expiry_month', '12'],
  ])('%s is refused, named, and its value stored nowhere', async (field, value) => {
    const order = paymentOrder({ payment_method: 'PIX', notify_url: `${receiver.url}/card`, [field]: value });
    for (const send of [postJson, postForm]) {
      const res = await send(`${sb.url}/v1/authorise`, signed('authorise', MANUAL, order));
      const xml = await res.text();
      expect(res.status).toBe(400);
      expect(xmlTag(xml, 'code')).toBe('I0059');
      expect(xmlTag(xml, 'source')).toBe(field);
      expect(xmlTag(xml, 'message')).toMatch(/card data/);
      expect(xml).not.toContain(value);
    }
    const orderNo = String(order.order_no);
    const stored = await Promise.all(
      ['transactions', 'notifications'].map(async (what) =>
        (await fetch(`${sb.url}/sandbox/${what}?order_no=${orderNo}`)).text(),
      ),
    );
    expect(stored.map((text) => JSON.parse(text) as Record<string, unknown[]>)).toEqual([
      { transactions: [] },
      { notifications: [] },
    ]);
    for (const text of stored) expect(text).not.toContain(value);
    expect(JSON.stringify(sb.logs)).not.toContain(value);
  });

  it('a card field on /v1/checkout is refused too', async () => {
    const res = await postForm(`${sb.url}/v1/checkout`, signed('checkout', MANUAL, paymentOrder({ card_number: PAN })));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('card_number');
    expect(html).not.toContain(PAN);
  });
});

describe('the issuer page at issuer_url', () => {
  async function press(issuerUrl: string, action: string): Promise<URLSearchParams> {
    const page = await fetch(issuerUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const label of ['Approve', 'Decline', 'Cancel', 'Leave pending']) expect(html).toContain(`>${label}</button>`);
    const token = /name="token" value="([^"]+)"/.exec(html)![1]!;
    const res = await postForm(issuerUrl.split('?')[0]!, { token, action });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!).searchParams;
  }

  it.each([
    ['approve', '3000'],
    ['decline', '4000'],
    ['cancel', '5000'],
    ['pending', '1000'],
  ])('%s ends with the 303 to return_url and payment_status %s', async (action, status) => {
    const order = paymentOrder({ notify_url: `${receiver.url}/apm` });
    const { issuerUrl, transactionId } = await authoriseApm(sb.url, MANUAL, order);
    const params = await press(issuerUrl, action);
    expect(params.get('payment_status')).toBe(status);
    expect(params.get('transaction_id')).toBe(transactionId);
    const signedFields = {
      merchant_id: '701001',
      account_id: '701001010',
      transaction_id: transactionId,
      order_no: order.order_no,
      currency: 'USD',
      amount: '25.00',
      payment_status: status,
    };
    expect(verify('returnRedirect', signedFields, params.get('encryption_data'), MANUAL.key)).toBe(true);
    expect((await onlyTransaction(sb.url, String(order.order_no))).payment_status).toBe(status);
    if (status !== '1000') {
      const note = await vi.waitFor(
        () => {
          const found = receiver.received.find((r) => r.fields.order_no === order.order_no);
          expect(found, 'APM notification').toBeTruthy();
          return found!;
        },
        { timeout: 10_000 },
      );
      expect(note.fields).toMatchObject({ notify_type: 'PAYMENT', payment_status: status });
    }
  });

  it('a finished payment cannot be changed from the issuer page again', async () => {
    const order = paymentOrder();
    const { issuerUrl } = await authoriseApm(sb.url, MANUAL, order);
    await press(issuerUrl, 'approve');
    const html = await (await fetch(issuerUrl)).text();
    expect(html).toContain('already paid');
    const token = new URL(issuerUrl).searchParams.get('token')!;
    const res = await postForm(issuerUrl.split('?')[0]!, { token, action: 'decline' });
    expect(new URL(res.headers.get('location')!).searchParams.get('payment_status')).toBe('3000');
  });

  it('without the token the page does not exist', async () => {
    const { issuerUrl } = await authoriseApm(sb.url, MANUAL, paymentOrder());
    expect((await fetch(issuerUrl.split('?')[0]!)).status).toBe(404);
  });
});
