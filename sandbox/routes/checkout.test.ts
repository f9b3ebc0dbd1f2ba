import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verify } from '../../shared/gateway/hashNode';
import {
  AUTO,
  MANUAL,
  formAction,
  hiddenInputs,
  paymentOrder,
  postForm,
  postJson,
  signed,
} from '../testing/gatewayCalls';
import { notificationsOf, onlyTransaction, openCardPage, submitCard } from '../testing/flows';
import { startReceiver } from '../testing/startReceiver';
import { startSandboxInProcess, type SandboxInProcess } from '../../testing/startSandboxInProcess';

let sb: SandboxInProcess;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  sb = await startSandboxInProcess({ settleMs: 300 });
  receiver = await startReceiver();
});
afterAll(async () => {
  await sb?.close();
  await receiver?.close();
});

function returnParams(res: Response): URLSearchParams {
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  expect(location.startsWith('https://shop.example/pay/return/p1?')).toBe(true);
  return new URL(location).searchParams;
}

describe('/v1/checkout step 1: the loading page of docs/gateway-api.md 2.4', () => {
  it('carries every routing input, every alias, allParams and auto-posts to {base_url}/v1/checkout', async () => {
    const order = paymentOrder({ notify_url: `${receiver.url}/hooks`, note: 'gift <b>wrap</b>', open3d: 'do3DS' });
    const res = await postForm(`${sb.url}/v1/checkout`, signed('checkout', MANUAL, order));
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('<title>Loading...</title>');
    expect(formAction(html)).toBe(`${sb.url}/v1/checkout`);
    expect(html).toMatch(/\.submit(\.call)?\(/);
    const inputs = hiddenInputs(html);
    const routing =
      'gbc_id connector_code account_name website pm_id apm_type descriptor orderprefix rrtimezone ordernumlength sendbgoods replacename send_bank_website replace_up_id replace_match_address to_pass_page';
    const aliases =
      'merNo orderNo orderCurrency orderAmount signInfo notifyUrl returnUrl cancelUrl cancel_url source_notify_url shipFee taxTotal itemTotal shippingDiscount goodsInfo remark firstName lastName email phone address city state zip shipFirstName shipLastName shipCountry shipState shipCity shipZip shipAddress shopperId shopperLevel isOpen3D token paymentToken verifyBillingAddress verify_billing_address defaultLang default_lang gatewayNo cardType card_type country logo_name merSendLogoNo source_request_ip APMType allParams';
    for (const name of `${routing} ${aliases}`.split(' ')) expect(inputs, name).toHaveProperty(name);
    expect(inputs).toMatchObject({
      merNo: '701001',
      gatewayNo: '701001010',
      orderNo: order.order_no,
      orderAmount: '25.00',
      orderCurrency: 'USD',
      order_no: order.order_no,
      remark: 'gift <b>wrap</b>',
      isOpen3D: 'do3DS',
    });
    expect(inputs.source_request_ip).toMatch(/127\.0\.0\.1/);
    // echoed values are escaped, never markup
    expect(html).not.toContain('<b>wrap</b>');
    expect(new URLSearchParams(inputs.allParams).get('orderNo')).toBe(order.order_no);
    expect(verify('checkoutStep2', inputs, inputs.signInfo, MANUAL.key)).toBe(true);
  });

  it('accepts JSON too, and records the request minus encryption_data', async () => {
    const order = paymentOrder();
    const res = await postJson(`${sb.url}/v1/checkout`, signed('checkout', MANUAL, order));
    expect(res.status).toBe(200);
    const tx = await onlyTransaction(sb.url, String(order.order_no));
    expect(tx.payment_status).toBe('1000');
    expect(tx.request).toMatchObject({ order_no: order.order_no, amount: '25.00', website: 'shop.example' });
    expect(tx.request).not.toHaveProperty('encryption_data');
  });

  it('refuses a wrong signature (I0013) with an HTML error page and creates nothing', async () => {
    const order = paymentOrder();
    const body = { ...signed('checkout', MANUAL, order), amount: '1.00' };
    const res = await postForm(`${sb.url}/v1/checkout`, body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('I0013');
    expect(
      (
        (await (await fetch(`${sb.url}/sandbox/transactions?order_no=${String(order.order_no)}`)).json()) as {
          transactions: unknown[];
        }
      ).transactions,
    ).toEqual([]);
  });

  it("keeps a real merchant form's own values under alias names, filling an alias only where nothing was sent", async () => {
    // what a real merchant's redirect form posts (docs/gateway-evidence.md 7): no website, an empty open3d, and values
    // under names the loading page also uses as aliases
    const { website: _none, ...order } = paymentOrder({
      cancel_url: 'https://shop.example/cart',
      default_lang: 'pt',
      verify_billing_address: '1',
      card_type: '2',
      token_flag: 'NO',
      open3d: '',
      color_depth: '24',
      browser_lang: 'en-GB',
    });
    const res = await postForm(`${sb.url}/v1/checkout`, signed('checkout', MANUAL, order));
    const html = await res.text();
    expect(res.status, html).toBe(200);
    const inputs = hiddenInputs(html);
    expect(inputs).toMatchObject({
      cancel_url: 'https://shop.example/cart',
      cancelUrl: 'https://shop.example/cart',
      default_lang: 'pt',
      defaultLang: 'pt',
      verify_billing_address: '1',
      verifyBillingAddress: '1',
      card_type: '2',
      cardType: '2',
      token_flag: 'NO',
      open3d: '',
      isOpen3D: '',
      color_depth: '24',
      website: '',
      returnUrl: order.return_url,
    });
    const names = [...html.matchAll(/<input type="hidden" name="([^"]*)"/g)].map((m) => m[1]);
    expect(names.filter((n) => n === 'cancel_url')).toHaveLength(1);
    // where the merchant sent nothing the aliases are still filled from the request fields
    const plain = hiddenInputs(
      await (
        await postForm(`${sb.url}/v1/checkout`, signed('checkout', MANUAL, paymentOrder({ browser_lang: 'fr' })))
      ).text(),
    );
    expect(plain).toMatchObject({ cancel_url: plain.returnUrl, default_lang: 'fr', verify_billing_address: '0' });
    // and the loading page still leads to the card page
    const step2 = await postForm(formAction(html), inputs);
    expect(step2.status).toBe(200);
    expect(await step2.text()).toContain('name="card_number"');
  });

  it('the signed aliases cannot be overridden by the merchant', async () => {
    const order = paymentOrder({ orderAmount: '0.01', merNo: '999', returnUrl: 'https://evil.example/' });
    const res = await postForm(`${sb.url}/v1/checkout`, signed('checkout', MANUAL, order));
    const inputs = hiddenInputs(await res.text());
    expect(inputs).toMatchObject({ orderAmount: '25.00', merNo: '701001', returnUrl: order.return_url });
  });

  it.each(['items', 'shopper_id', 'shopper_email'])('a missing %s is I0059 naming it', async (field) => {
    const order = paymentOrder();
    delete order[field];
    const res = await postForm(`${sb.url}/v1/checkout`, signed('checkout', MANUAL, order));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('I0059');
    expect(html).toContain(`<code>${field}</code>`);
  });

  it('website and shopper_ip are optional here', async () => {
    const { website: _w, shopper_ip: _ip, ...order } = paymentOrder();
    expect((await postForm(`${sb.url}/v1/checkout`, signed('checkout', MANUAL, order))).status).toBe(200);
  });

  it('refuses a step 2 post whose signInfo was tampered with', async () => {
    const res = await postForm(`${sb.url}/v1/checkout`, signed('checkout', MANUAL, paymentOrder()));
    const inputs = hiddenInputs(await res.text());
    const step2 = await postForm(`${sb.url}/v1/checkout`, { ...inputs, orderAmount: '0.01' });
    expect(step2.status).toBe(400);
    expect(await step2.text()).toContain('I0013');
  });
});

describe('the hosted card page through to the 303 and the notification', () => {
  it('4242 on a manual-capture account: authorised (2000), signed return, PAYMENT notification, last 4 only', async () => {
    const order = paymentOrder({ notify_url: `${receiver.url}/hooks/a` });
    const page = await openCardPage(sb.url, MANUAL, order);
    expect(page.html).toContain('$25.00'); // as the widget formats it (payments/amountText.ts)
    const res = await submitCard(page, '4242 4242 4242 4242');
    const params = returnParams(res);
    expect(params.get('payment_status')).toBe('2000');
    expect(params.get('order_no')).toBe(order.order_no);
    const tx = await onlyTransaction(sb.url, String(order.order_no));
    expect(params.get('transaction_id')).toBe(tx.transaction_id);
    const signedFields = {
      merchant_id: '701001',
      account_id: '701001010',
      transaction_id: tx.transaction_id,
      order_no: order.order_no,
      currency: 'USD',
      amount: '25.00',
      payment_status: '2000',
    };
    expect(verify('returnRedirect', signedFields, params.get('encryption_data'), MANUAL.key)).toBe(true);
    expect(tx).toMatchObject({
      payment_status: '2000',
      card_last4: '4242',
      fraud_check_result: [{ check_items: 'risk_score', status: 'ACCEPT' }],
    });
    expect(JSON.stringify(tx)).not.toContain('4242424242424242');

    const got = await vi.waitFor(
      () => {
        const found = receiver.received.find((r) => r.fields.order_no === order.order_no);
        expect(found, 'PAYMENT notification').toBeTruthy();
        return found!;
      },
      { timeout: 10_000 },
    );
    expect(got.contentType).toBe('application/x-www-form-urlencoded');
    expect(got.path).toBe('/hooks/a');
    expect(got.fields).toMatchObject({
      notify_type: 'PAYMENT',
      payment_status: '2000',
      amount: '25.00',
      currency: 'USD',
      transaction_id: tx.transaction_id,
      message: '0000:Approved',
    });
    expect(got.fields.notify_time).toMatch(/^\d{14}$/);
    expect(verify('notification', got.fields, got.fields.encryption_data, MANUAL.key)).toBe(true);
  });

  it('4242 on an auto-capture account: paid (3000)', async () => {
    const page = await openCardPage(sb.url, AUTO, paymentOrder());
    expect(returnParams(await submitCard(page, '4242424242424242')).get('payment_status')).toBe('3000');
  });

  it.each([
    ['4000 0000 0000 0002', '4000:Do not honor'],
    ['4000 0000 0000 9995', '4001:Insufficient funds'],
  ])('%s is declined with %s', async (card, message) => {
    const page = await openCardPage(sb.url, MANUAL, paymentOrder());
    const params = returnParams(await submitCard(page, card));
    expect(params.get('payment_status')).toBe('4000');
    expect(params.get('message')).toBe(message);
  });

  it('0259 is held for review (6000, fraud_check_result REVIEW)', async () => {
    const order = paymentOrder();
    const page = await openCardPage(sb.url, MANUAL, order);
    expect(returnParams(await submitCard(page, '4000000000000259')).get('payment_status')).toBe('6000');
    expect((await onlyTransaction(sb.url, String(order.order_no))).fraud_check_result).toEqual([
      { check_items: 'risk_score', status: 'REVIEW' },
    ]);
  });

  it('3220 with open3d=do3DS shows the challenge; passing approves, failing declines', async () => {
    for (const [result, status] of [
      ['pass', '2000'],
      ['fail', '4000'],
    ] as const) {
      const order = paymentOrder({ open3d: 'do3DS' });
      const page = await openCardPage(sb.url, MANUAL, order);
      const challenge = await submitCard(page, '4000000000003220');
      expect(challenge.status).toBe(200);
      const html = await challenge.text();
      expect(html).toContain('3-D Secure');
      const params = returnParams(await postForm(formAction(html), { token: hiddenInputs(html).token, result }));
      expect(params.get('payment_status')).toBe(status);
      expect((await onlyTransaction(sb.url, String(order.order_no))).is3ds).toBe('1');
    }
  });

  it('0077 stays pending (1000), then settles to approved by notification', async () => {
    const order = paymentOrder({ notify_url: `${receiver.url}/hooks/pending` });
    const page = await openCardPage(sb.url, MANUAL, order);
    expect(returnParams(await submitCard(page, '4000000000000077')).get('payment_status')).toBe('1000');
    const note = await vi.waitFor(
      () => {
        const found = receiver.received.find((r) => r.fields.order_no === order.order_no);
        expect(found, 'settlement notification').toBeTruthy();
        return found!;
      },
      { timeout: 10_000 },
    );
    expect(note.fields).toMatchObject({ notify_type: 'PAYMENT', payment_status: '2000' });
    expect((await onlyTransaction(sb.url, String(order.order_no))).payment_status).toBe('2000');
  });

  it('an invalid card number shows an error on the page and changes nothing; the number is not echoed', async () => {
    const order = paymentOrder();
    const page = await openCardPage(sb.url, MANUAL, order);
    const res = await submitCard(page, '4242424242424241', { holder: '<script>x</script>' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('card number is not valid');
    expect(html).not.toContain('4242424242424241');
    expect(html).not.toContain('<script>x</script>');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect((await onlyTransaction(sb.url, String(order.order_no))).payment_status).toBe('1000');
  });

  it('a second submit of the same page does not pay again: it answers the outcome already reached', async () => {
    const order = paymentOrder({ notify_url: `${receiver.url}/hooks/twice` });
    const page = await openCardPage(sb.url, MANUAL, order);
    returnParams(await submitCard(page, '4242424242424242'));
    const again = returnParams(await submitCard(page, '4000000000000002'));
    expect(again.get('payment_status')).toBe('2000');
    await vi.waitFor(
      async () =>
        expect(
          (await notificationsOf(sb.url, String(order.order_no))).every((n) => n.state === 'delivered'),
          'delivery',
        ).toBeTruthy(),
      { timeout: 10_000 },
    );
    expect(await notificationsOf(sb.url, String(order.order_no))).toHaveLength(1);
  });

  it('a wrong page token is a 404, not a payment', async () => {
    const order = paymentOrder();
    const page = await openCardPage(sb.url, MANUAL, order);
    const res = await submitCard({ ...page, token: 'guess' }, '4242424242424242');
    expect(res.status).toBe(404);
    expect((await onlyTransaction(sb.url, String(order.order_no))).payment_status).toBe('1000');
  });

  it('I0061: an order_no paid in the last 24 hours cannot be paid again; after 24 hours it can', async () => {
    const order = paymentOrder();
    const page = await openCardPage(sb.url, AUTO, order);
    returnParams(await submitCard(page, '4242424242424242'));
    const again = await postForm(`${sb.url}/v1/checkout`, signed('checkout', AUTO, order));
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('I0061');
    expect((await onlyTransaction(sb.url, String(order.order_no))).payment_status).toBe('3000');
    sb.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await postForm(`${sb.url}/v1/checkout`, signed('checkout', AUTO, order))).status).toBe(200);
    } finally {
      sb.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });
});
