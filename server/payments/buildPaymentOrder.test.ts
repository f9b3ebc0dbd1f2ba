import { describe, expect, it } from 'vitest';
import { createPaymentBody } from '../../shared/contract/payment';
import { paymentBody } from '../testing/shopClient';
import type { PaymentMethod } from '../store/paymentMethods';
import type { SessionRow } from '../store/sessions';
import { bodyPathOf, buildAuthoriseOrder, buildCheckoutOrder, type OrderSources } from './buildPaymentOrder';

const session: SessionRow = {
  id: 'ses_1',
  client_secret_hash: 'x',
  order_id: 'ord_1',
  order_no: 'ORD-1',
  amount_minor: 3300,
  currency: 'USD',
  items: JSON.stringify([
    { name: 'T-shirt', sku: 'TS-1', unit_price: '12.50', quantity: 2 },
    { name: 'Mug', sku: 'MG-1', unit_price: '8.00', quantity: 1 },
  ]),
  amount_parts: JSON.stringify({ shipping: 500, discount: 500 }),
  country: 'BR',
  locale: null,
  shopper: null,
  return_url: 'https://shop.example/thanks',
  note: null,
  custom: null,
  shopper_id: 'cust-9',
  metadata: null,
  expires_at: '2999-01-01T00:00:00.000Z',
  created_at: '2025-01-01T00:00:00.000Z',
};

const method = (over: Partial<PaymentMethod>): PaymentMethod => ({
  id: 'card',
  kind: 'card',
  paymentMethod: null,
  labels: { en: 'Card' },
  enabled: true,
  sortOrder: 0,
  countries: null,
  currencies: null,
  minMinor: null,
  maxMinor: null,
  fields: [],
  banks: null,
  open3d: 'do3DS',
  ...over,
});

function sources(over: Partial<OrderSources> = {}): OrderSources {
  return {
    session,
    gatewayOrderNo: 'ORD-1-1',
    body: createPaymentBody.parse(paymentBody('cs', 'card')),
    method: method({}),
    request: { ip: '203.0.113.7', accept: 'text/html', origin: 'https://www.shop.example' },
    returnUrl: 'https://pay.example/pay/return/pay_1',
    notifyUrl: 'https://pay.example/hooks/gateway',
    publicUrl: 'https://pay.example',
    now: new Date('2025-01-01T00:00:00Z'),
    ...over,
  };
}

describe('buildPaymentOrder', () => {
  it('takes the money from the session, never from the request', () => {
    const order = buildCheckoutOrder(sources());
    expect(order).toMatchObject({
      order_no: 'ORD-1-1',
      amount: '33.00',
      currency: 'USD',
      item_total: '33.00',
      shipping: '5.00',
      discount: '5.00',
      items: 'T-shirt#,#TS-1#,#12.50#,#2#;#Mug#,#MG-1#,#8.00#,#1',
    });
    expect(order).not.toHaveProperty('handling');
  });

  it('takes shopper_ip and the Accept header from the request itself', () => {
    const order = buildCheckoutOrder(sources());
    expect(order).toMatchObject({ shopper_ip: '203.0.113.7', accept_header: 'text/html', website: 'www.shop.example' });
  });

  it('fills shopper, delivery (= billing when omitted) and device fields from the body', () => {
    const order = buildCheckoutOrder(sources());
    expect(order).toMatchObject({
      shopper_email: 'ana@example.com',
      first_name: 'Ana',
      billing_country: 'BR',
      delivery_city: 'São Paulo',
      delivery_firstname: 'Ana',
      resolution: '1920x1080',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
      open3d: 'do3DS',
      checkout_time: 1735689600,
      return_url: 'https://pay.example/pay/return/pay_1',
      notify_url: 'https://pay.example/hooks/gateway',
      shopper_id: 'cust-9',
    });
  });

  it('puts checkout-only and authorise-only fields only in their own order', () => {
    const apm = sources({ method: method({ id: 'ideal', kind: 'apm', paymentMethod: 'IDEAL', open3d: null }), body: createPaymentBody.parse(paymentBody('cs', 'ideal', { bank_code: 'INGBNL2A' })) });
    const authorise = buildAuthoriseOrder(apm);
    expect(authorise).toMatchObject({ payment_method: 'IDEAL', bank_code: 'INGBNL2A' });
    expect(authorise).not.toHaveProperty('open3d');
    expect(authorise).not.toHaveProperty('checkout_time');
    expect(buildCheckoutOrder(sources())).not.toHaveProperty('payment_method');
  });

  it('names the body field behind a gateway field, for error messages', () => {
    expect(bodyPathOf('shopper_email')).toBe('shopper.email');
    expect(bodyPathOf('billing_postal_code')).toBe('shopper.billing.postal_code');
    expect(bodyPathOf('amount')).toBeUndefined();
  });
});
