import { toDecimal } from '../../../shared/gateway/money';
import type { AuthoriseOrder, CheckoutOrder } from '../types/payment';

/** Where the test orders of `gateway check` come from: the backend's own settings, and the check's options. */
export interface TestOrderSources {
  orderNo: string;
  currency: string;
  /** the configured site name (WEBSITE) */
  website: string;
  /** signed, so without `&` (docs/protocol-decisions.md 3) */
  returnUrl: string;
  notifyUrl: string;
}

/**
 * The payment order of `gateway check`: one unit of the currency (1.00 USD, 100 JPY), with a value in every field
 * of docs/gateway-api.md 2.2 that the backend's real orders can carry and a signature field list may name
 * (shared/gateway/profile.ts, SIGNABLE), so a gateway that signs over any of them, where the profile does not,
 * refuses this order as it would refuse the real ones (I0013). Left out: card data and token_id (never sent
 * by this backend, whose cards are typed on the gateway's page), request_id (not a payment field) and, for the
 * checkout, payment_method. Values are a test shopper's, made to pass the gateway's field checks.
 */
function testOrder(s: TestOrderSources) {
  const amount = toDecimal(100, s.currency);
  return {
    order_no: s.orderNo,
    currency: s.currency,
    amount,
    item_total: amount,
    website: s.website,
    items: [{ name: 'gateway check', sku: 'CHECK-1', unit_price: amount, quantity: 1 }],
    note: 'gateway check: a test order; nothing is charged until a card is entered',
    custom: 'gateway-check',
    shopper_id: 'gateway-check',
    shopper_email: 'gateway-check@example.com',
    shopper_ip: '203.0.113.10',
    shopper_phone: '+15550100123',
    shopper_level: 'test',
    first_name: 'Gateway',
    last_name: 'Check',
    document: '12345678909',
    birth_date: '01-01-1990',
    billing_country: 'US',
    billing_state: 'CA',
    billing_city: 'San Francisco',
    billing_address: '1 Market Street',
    billing_postal_code: '94105',
    delivery_firstname: 'Gateway',
    delivery_lastname: 'Check',
    delivery_country: 'US',
    delivery_state: 'CA',
    delivery_city: 'San Francisco',
    delivery_address: '1 Market Street',
    delivery_postal_code: '94105',
    return_url: s.returnUrl,
    notify_url: s.notifyUrl,
  };
}

/** The redirect (card) payment of the check: a pending order until a card is typed on the gateway's page. */
export function testCheckoutOrder(s: TestOrderSources): CheckoutOrder {
  return { ...testOrder(s), open3d: 'do3DS', session_id: `${s.orderNo}-session`, order_type: 'WEB' };
}

/** The APM payment of the check: a pending order until the shopper pays at the issuer. */
export function testApmOrder(s: TestOrderSources, paymentMethod: string): AuthoriseOrder {
  return { ...testOrder(s), payment_method: paymentMethod };
}
