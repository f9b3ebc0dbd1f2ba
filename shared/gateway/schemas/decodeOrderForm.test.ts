import { describe, expect, it } from 'vitest';
import { decodeOrderForm } from './decodeOrderForm';
import { authoriseRequest, checkoutRequest } from './paymentOrder';

const base = {
  merchant_id: '701001',
  account_id: '701001010',
  encryption_data: 'e'.repeat(64),
  order_no: 'ORD-1',
  currency: 'USD',
  amount: '10.36',
  return_url: 'https://shop.example/r',
};

describe('decodeOrderForm', () => {
  it('turns a browser-posted checkout form into an order the schema accepts', () => {
    const form = new URLSearchParams({
      ...base,
      checkout_time: '1735689600',
      cart_items: JSON.stringify([{ basic_item_data: { name: 'huawei', quantity: '1' } }]),
      subscription: JSON.stringify({ billing_cycle: 12 }),
    });
    const order = checkoutRequest.parse(decodeOrderForm(Object.fromEntries(form)));
    expect(order.checkout_time).toBe(1735689600);
    expect(order.cart_items?.[0]?.basic_item_data.name).toBe('huawei');
    expect(order.subscription?.billing_cycle).toBe(12);
  });

  it('decodes the nested person of an authorise form', () => {
    const order = authoriseRequest.parse(
      decodeOrderForm({ ...base, payment_method: 'PIX', person: JSON.stringify({ phone_country_code: '55' }) }),
    );
    expect(order.person?.phone_country_code).toBe('55');
  });

  it('leaves what does not decode for the schema to report by field', () => {
    const r = checkoutRequest.safeParse(decodeOrderForm({ ...base, subscription: '{not json', checkout_time: 'soon' }));
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['checkout_time', 'subscription']);
  });
});
