import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseProfile } from '../shared/gateway/profile';
import { startSandboxInProcess, type SandboxInProcess } from '../testing/startSandboxInProcess';
import { notificationsOf, openCardPage, submitCard, transactionsOf } from './testing/flows';
import {
  formAction,
  hiddenInputs,
  MANUAL,
  paymentOrder,
  postDocument,
  postForm,
  postJson,
  signed,
  type TestAccount,
} from './testing/gatewayCalls';
import { startReceiver } from './testing/startReceiver';

/**
 * The sandbox speaking the published sample schema's dialect (issue #31), chosen by the example profile
 * docs/profiles/sample-schema.json. The names below are copied from the published Chargeback sample
 * (docs/gateway-evidence.md 8), not computed from the profile, and every signature is computed by hand, so a wrong
 * profile or a wrong writer fails here.
 */

/** The published Chargeback sample's fields, in its order. */
const SAMPLE = [
  'merchant_id',
  'account_id',
  'transaction_id',
  'order_no',
  'amount',
  'currency',
  'order_status',
  'error_code',
  'result_info',
  'chargeback_reason',
  'note',
  'return_type',
  'payment_method',
  'threeds_result',
  'card',
  'billing_address',
  'first_name',
  'last_name',
  'billing_city',
  'billing_state',
  'billing_country',
  'billing_postal_code',
  'billing_phone',
  'billing_email',
  'webhooks_type',
  'encryption_data',
];
/** This project's own names, which the sample dialect never writes. */
const OURS = ['notify_id', 'notify_type', 'notify_time', 'payment_status', 'message'];

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** The signature chosen for the example profile: these values, in this order, then the key. */
const signatureOf = (f: Record<string, string>, account: TestAccount) =>
  sha256(
    `${f.merchant_id}${f.account_id}${f.transaction_id}${f.order_no}${f.currency}${f.amount}${f.order_status}`.replace(
      / /g,
      '',
    ) + account.key,
  );

const PROFILE = parseProfile(readFileSync(new URL('../docs/profiles/sample-schema.json', import.meta.url), 'utf8'));

let sb: SandboxInProcess;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  sb = await startSandboxInProcess({ profile: PROFILE, notifyScale: 0.01 });
  receiver = await startReceiver();
});
afterAll(async () => {
  await sb?.close();
  await receiver?.close();
});

const hook = () => paymentOrder({ notify_url: `${receiver.url}/hook` });
const receivedFor = (orderNo: string) =>
  receiver.received.filter((r) => r.fields.order_no === orderNo).map((r) => r.fields);
/** The notifications of an order once `count` arrived. */
const arrived = (orderNo: string, count: number) =>
  vi.waitFor(
    () => {
      const list = receivedFor(orderNo);
      expect(list.length, `${count} notification(s) of ${orderNo}`).toBe(count);
      return list;
    },
    { timeout: 10_000 },
  );

/** A card paid on the hosted page; the page that sends the shopper back, read. */
async function payCard(order: Record<string, unknown>, card = '4242424242424242') {
  const page = await openCardPage(sb.url, MANUAL, order);
  const res = await submitCard(page, card);
  const html = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', html };
}

/** A capture, refund, ... as the docs' samples send it: a JSON document under the form content type. */
async function batch(op: 'capture' | 'refund', items: Record<string, unknown>[]) {
  const res = await postDocument(`${sb.url}/v1/${op}`, signed(op, MANUAL, { [`${op}_orders`]: items }));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('the example profile of the sample schema (docs/profiles/sample-schema.json)', () => {
  it('is valid, and says what the dialect is', () => {
    expect(PROFILE.returns.methods).toEqual(['POST']);
    expect(PROFILE.refusals.httpStatus).toBe(200);
    expect(PROFILE.incoming.fields.id).toEqual([]);
    expect(PROFILE.incoming.fields.time).toEqual([]);
    expect(PROFILE.incoming.fields.status).toEqual(['order_status']);
    expect(PROFILE.incoming.fields.type).toEqual(['webhooks_type']);
    expect(PROFILE.statuses['-1']).toBe('pending');
    expect(Object.keys(PROFILE.notificationTypes).sort()).toEqual(['Chargeback', 'Payment', 'Refund', 'Review']);
  });
});

describe('notifications in the sample dialect', () => {
  it('a payment: the sample fields it has values for, in the sample order; no id, no time, none of ours', async () => {
    const order = hook();
    await payCard(order);
    const [payment] = await arrived(String(order.order_no), 1);
    expect(Object.keys(payment!)).toEqual([
      'merchant_id',
      'account_id',
      'transaction_id',
      'order_no',
      'amount',
      'currency',
      'order_status',
      'error_code',
      'result_info',
      'webhooks_type',
      'encryption_data',
    ]);
    expect(Object.keys(payment!)).toEqual(SAMPLE.filter((name) => name in payment!));
    expect(payment).toMatchObject({
      merchant_id: MANUAL.merchant_id,
      account_id: MANUAL.account_id,
      amount: '25.00',
      currency: 'USD',
      order_status: '2000',
      error_code: '0000',
      result_info: 'Approved',
      webhooks_type: 'Payment',
    });
    for (const name of OURS) expect(payment).not.toHaveProperty(name);
    expect(payment!.encryption_data).toBe(signatureOf(payment!, MANUAL));
    // the sandbox's own record keeps an id for it, although the wire carries none
    const [kept] = await notificationsOf(sb.url, String(order.order_no));
    expect(kept).toMatchObject({ notify_type: 'Payment', fields: payment });
    expect(kept!.notify_id).toMatch(/\S/);
  });

  it('a capture sends nothing (the sample has no such object); a refund sends Refund at each of its steps', async () => {
    const order = hook();
    const orderNo = String(order.order_no);
    await payCard(order);
    const [payment] = await arrived(orderNo, 1);
    const item = { transaction_id: payment!.transaction_id, order_no: orderNo, currency: 'USD', amount: '25.00' };
    expect((await batch('capture', [item])).body.return_status).toBe('1');
    const refund = { ...item, refund_amount: '5.00', refund_reason: 'one returned' };
    expect((await batch('refund', [refund])).body.return_status).toBe('1');
    const notes = await arrived(orderNo, 4);
    expect(notes.map((n) => n.webhooks_type)).toEqual(['Payment', 'Refund', 'Refund', 'Refund']);
    const result = notes[3]!;
    // a refund's own values beside the sample's (the published Refund sample's fields could not be read)
    expect(Object.keys(result)).toEqual([
      'merchant_id',
      'account_id',
      'transaction_id',
      'order_no',
      'amount',
      'currency',
      'order_status',
      'error_code',
      'result_info',
      'refund_amount',
      'refund_reference_id',
      'refund_reference',
      'refund_state',
      'webhooks_type',
      'encryption_data',
    ]);
    expect(result).toMatchObject({
      order_status: '3100',
      error_code: 'V0000',
      result_info: 'OK',
      refund_amount: '5.00',
      refund_reference_id: `${payment!.transaction_id}-01`,
      refund_state: 'succeeded',
    });
    expect(notes.map((n) => n.refund_state)).toEqual([undefined, 'received', 'accepted', 'succeeded']);
    expect(result.encryption_data).toBe(signatureOf(result, MANUAL));
    // every one was acknowledged by the receiver's 200, as the sandbox recorded it
    const kept = await notificationsOf(sb.url, orderNo);
    expect(kept.map((n) => [n.notify_type, n.state, n.attempts.map((a) => a.http_status)])).toEqual([
      ['Payment', 'delivered', [200]],
      ['Refund', 'delivered', [200]],
      ['Refund', 'delivered', [200]],
      ['Refund', 'delivered', [200]],
    ]);
  });

  it("a dispute sends Chargeback with exactly the published sample's fields that it has values for", async () => {
    const order = hook();
    const orderNo = String(order.order_no);
    await payCard(order);
    const [payment] = await arrived(orderNo, 1);
    const item = { transaction_id: payment!.transaction_id, order_no: orderNo, currency: 'USD', amount: '25.00' };
    expect((await batch('capture', [item])).body.return_status).toBe('1');
    const opened = await postJson(`${sb.url}/sandbox/disputes`, {
      transaction_id: payment!.transaction_id,
      amount: '10.00',
      reason: 'Merchandise not received',
      outcome: 'lost',
      decide_in_ms: 0,
    });
    expect(opened.status).toBe(201);
    const [, received, result] = await arrived(orderNo, 3);
    for (const chargeback of [received!, result!]) {
      expect(Object.keys(chargeback)).toEqual([
        'merchant_id',
        'account_id',
        'transaction_id',
        'order_no',
        'amount',
        'currency',
        'order_status',
        'error_code',
        'result_info',
        'chargeback_reason',
        'webhooks_type',
        'encryption_data',
      ]);
      expect(Object.keys(chargeback).every((name) => SAMPLE.includes(name))).toBe(true);
      expect(chargeback).toMatchObject({
        webhooks_type: 'Chargeback',
        chargeback_reason: 'Merchandise not received',
        amount: '25.00',
        order_status: '3000',
      });
      expect(chargeback.encryption_data).toBe(signatureOf(chargeback, MANUAL));
    }
    expect([received!.error_code, result!.error_code]).toEqual(['7000', '7200']);
    expect([received!.result_info, result!.result_info]).toEqual(['Dispute received', 'Dispute lost']);
  });

  it('pending is -1 on the wire, the code the profile added for it', async () => {
    const res = await postDocument(
      `${sb.url}/v1/authorise`,
      signed('authorise', MANUAL, { ...paymentOrder(), payment_method: 'PIX' }),
    );
    const xml = await res.text();
    expect(res.status, xml).toBe(200);
    expect(xml).toContain('<payment_status>-1</payment_status>');
  });
});

describe("the shopper's return by POST", () => {
  it('the hosted card page ends in a page whose form posts the signed return to return_url on load', async () => {
    const order = paymentOrder({ return_url: 'https://shop.example/pay/return/p1?step=2' });
    const page = await payCard(order);
    expect(page.status).toBe(200);
    expect(page.contentType).toMatch(/^text\/html/);
    expect(page.html).toMatch(
      /<form id="return-form" method="post" action="https:\/\/shop\.example\/pay\/return\/p1\?step=2">/,
    );
    expect(page.html).toContain("HTMLFormElement.prototype.submit.call(document.getElementById('return-form'))");
    expect(formAction(page.html)).toBe('https://shop.example/pay/return/p1?step=2');
    const fields = hiddenInputs(page.html);
    expect(Object.keys(fields)).toEqual([
      'transaction_id',
      'order_no',
      'order_status',
      'error_code',
      'result_info',
      'encryption_data',
    ]);
    expect(fields).toMatchObject({ order_no: order.order_no, order_status: '2000', error_code: '0000' });
    const [tx] = await transactionsOf(sb.url, String(order.order_no));
    expect(fields.transaction_id).toBe(tx!.transaction_id);
    expect(fields.encryption_data).toBe(
      signatureOf(
        { ...fields, merchant_id: MANUAL.merchant_id, account_id: MANUAL.account_id, currency: 'USD', amount: '25.00' },
        MANUAL,
      ),
    );
  });

  it('the issuer page and a declined card end the same way', async () => {
    const declined = await payCard(paymentOrder(), '4000000000000002');
    expect(declined.status).toBe(200);
    expect(hiddenInputs(declined.html)).toMatchObject({
      order_status: '4000',
      error_code: '4000',
      result_info: 'Do not honor',
    });

    const order = paymentOrder();
    const res = await postDocument(
      `${sb.url}/v1/authorise`,
      signed('authorise', MANUAL, { ...order, payment_method: 'PIX' }),
    );
    const issuerUrl = /<issuer_url>([^<]*)<\/issuer_url>/.exec(await res.text())![1]!.replace(/&amp;/g, '&');
    const issuerPage = await (await fetch(issuerUrl)).text();
    const approved = await postForm(formAction(issuerPage), { ...hiddenInputs(issuerPage), action: 'approve' });
    expect(approved.status).toBe(200);
    const html = await approved.text();
    expect(formAction(html)).toBe(order.return_url);
    expect(hiddenInputs(html)).toMatchObject({ order_no: order.order_no, order_status: '3000' });
  });
});

describe('refusals in a 200 envelope', () => {
  it('a refused checkout (step 1) answers 200 and the JSON envelope, and creates nothing', async () => {
    const order = paymentOrder();
    const res = await postForm(`${sb.url}/v1/checkout`, {
      ...signed('checkout', MANUAL, order),
      encryption_data: '0'.repeat(64),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      return_status: '0',
      return_message: expect.stringMatching(/^I0013:/),
      code: 'I0013',
      source: 'encryption_data',
      message: expect.any(String),
    });
    expect(await transactionsOf(sb.url, String(order.order_no))).toEqual([]);
  });

  it('a refused authorise answers 200 and the envelope in its XML', async () => {
    const res = await postDocument(
      `${sb.url}/v1/authorise`,
      signed('authorise', MANUAL, { ...paymentOrder(), payment_method: 'PAYPAL' }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toContain('<return_status>0</return_status>');
    expect(xml).toMatch(/<return_message>I0092:[^<]+<\/return_message>/);
    expect(xml).toContain('<code>I0092</code><source>payment_method</source>');
    expect(xml).not.toContain('<issuer_url>');
  });

  it("the loading page's own post (step 2) still gets the HTTP error page: a shopper's browser reads it", async () => {
    const res = await postForm(`${sb.url}/v1/checkout`, {
      merNo: MANUAL.merchant_id,
      gatewayNo: MANUAL.account_id,
      orderNo: 'ORD-none',
      signInfo: '0'.repeat(64),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe("the profile's content types, applied", () => {
  it('a call under another content type than the profile names is refused, naming the header', async () => {
    const capture = await postJson(
      `${sb.url}/v1/capture`,
      signed('capture', MANUAL, {
        capture_orders: [{ transaction_id: 'T1', order_no: 'O', currency: 'USD', amount: '1.00' }],
      }),
    );
    expect(capture.status).toBe(400);
    expect(await capture.json()).toMatchObject({ code: 'I0059', source: 'content-type' });
    // a refusal of checkout or authorise comes in the envelope, as any other
    const authorise = await postJson(
      `${sb.url}/v1/authorise`,
      signed('authorise', MANUAL, { ...paymentOrder(), payment_method: 'PIX' }),
    );
    expect(authorise.status).toBe(200);
    expect(await authorise.text()).toContain('<code>I0059</code><source>content-type</source>');
  });

  it('the same document under the form content type, as the published samples send it, is read', async () => {
    const res = await postDocument(
      `${sb.url}/v1/capture`,
      signed('capture', MANUAL, {
        capture_orders: [{ transaction_id: 'T1', order_no: 'O', currency: 'USD', amount: '1.00' }],
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ return_status: '2' });
  });
});
