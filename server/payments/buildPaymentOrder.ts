import type { CreatePaymentBody } from '../../shared/contract/payment';
import { AMOUNT_PARTS } from '../../shared/contract/session';
import { encodeItems, type Item } from '../../shared/gateway/items';
import { lineTotal, sumMinor, toDecimal, toMinor } from '../../shared/gateway/money';
import type { AuthoriseOrder, CheckoutOrder } from '../gateway';
import type { PaymentMethod } from '../store/paymentMethods';
import type { SessionRow } from '../store/sessions';

/** Everything a gateway payment order is built from. The amount comes from the session, never the browser. */
export interface OrderSources {
  session: SessionRow;
  /** this attempt's order_no at the gateway (unique per attempt) */
  gatewayOrderNo: string;
  body: CreatePaymentBody;
  method: PaymentMethod;
  /** taken from the HTTP request itself, never from its body */
  request: { ip: string; accept: string | undefined; origin: string | undefined };
  returnUrl: string;
  notifyUrl: string;
  publicUrl: string;
  now: Date;
}

type Value = string | number | undefined;

interface FieldRule {
  value: (s: OrderSources) => Value;
  /** only in this operation's order (spec 2.2: fields only in /v1/checkout or only in /v1/authorise) */
  only?: 'checkout' | 'authorise';
  /** the request body field it comes from, so a gateway error about it can name the shopper's field */
  path?: string;
}

const items = (s: OrderSources) => JSON.parse(s.session.items) as Item[];
const parts = (s: OrderSources) => JSON.parse(s.session.amount_parts) as Partial<Record<(typeof AMOUNT_PARTS)[number], number>>;
const money = (s: OrderSources, minor: number | undefined) => (minor === undefined ? undefined : toDecimal(minor, s.session.currency));
const delivery = (s: OrderSources) => s.body.shopper.delivery ?? s.body.shopper.billing;
const hostOf = (url: string) => new URL(url).host;

/**
 * THE table of the gateway payment order: each spec field (2.2) and where its value comes from. Read top to
 * bottom it answers "what does the gateway receive, from whom". A field with no value is left out.
 */
export const PAYMENT_ORDER_FIELDS: Readonly<Record<string, FieldRule>> = {
  order_no: { value: (s) => s.gatewayOrderNo },
  currency: { value: (s) => s.session.currency },
  amount: { value: (s) => toDecimal(s.session.amount_minor, s.session.currency) },
  item_total: {
    value: (s) =>
      items(s).length ? money(s, sumMinor(items(s).map((i) => lineTotal(toMinor(i.unit_price, s.session.currency), i.quantity)))) : undefined,
  },
  shipping: { value: (s) => money(s, parts(s).shipping) },
  handling: { value: (s) => money(s, parts(s).handling) },
  tax_total: { value: (s) => money(s, parts(s).tax_total) },
  insurance: { value: (s) => money(s, parts(s).insurance) },
  shipping_discount: { value: (s) => money(s, parts(s).shipping_discount) },
  discount: { value: (s) => money(s, parts(s).discount) },
  // "the service": the shop's site, i.e. the page the widget runs on (else the shop's return page, else us)
  website: { value: (s) => hostOf(s.request.origin ?? s.session.return_url ?? s.publicUrl) },
  items: { value: (s) => (items(s).length ? encodeItems(items(s)) : undefined) },
  note: { value: (s) => s.session.note ?? undefined },
  custom: { value: (s) => s.session.custom ?? undefined },
  shopper_id: { value: (s) => s.session.shopper_id ?? undefined },
  shopper_email: { value: (s) => s.body.shopper.email, path: 'shopper.email' },
  shopper_ip: { value: (s) => s.request.ip || undefined },
  shopper_phone: { value: (s) => s.body.shopper.phone, path: 'shopper.phone' },
  first_name: { value: (s) => s.body.shopper.first_name, path: 'shopper.first_name' },
  last_name: { value: (s) => s.body.shopper.last_name, path: 'shopper.last_name' },
  document: { value: (s) => s.body.shopper.document, path: 'shopper.document' },
  birth_date: { value: (s) => s.body.shopper.birth_date, path: 'shopper.birth_date' },
  billing_country: { value: (s) => s.body.shopper.billing.country, path: 'shopper.billing.country' },
  billing_state: { value: (s) => s.body.shopper.billing.state || undefined, path: 'shopper.billing.state' },
  billing_city: { value: (s) => s.body.shopper.billing.city, path: 'shopper.billing.city' },
  billing_address: { value: (s) => s.body.shopper.billing.address, path: 'shopper.billing.address' },
  billing_postal_code: { value: (s) => s.body.shopper.billing.postal_code, path: 'shopper.billing.postal_code' },
  delivery_firstname: { value: (s) => s.body.shopper.first_name, path: 'shopper.first_name' },
  delivery_lastname: { value: (s) => s.body.shopper.last_name, path: 'shopper.last_name' },
  delivery_country: { value: (s) => delivery(s).country, path: 'shopper.delivery.country' },
  delivery_state: { value: (s) => delivery(s).state || undefined, path: 'shopper.delivery.state' },
  delivery_city: { value: (s) => delivery(s).city, path: 'shopper.delivery.city' },
  delivery_address: { value: (s) => delivery(s).address, path: 'shopper.delivery.address' },
  delivery_postal_code: { value: (s) => delivery(s).postal_code, path: 'shopper.delivery.postal_code' },
  os: { value: (s) => s.body.device.os, path: 'device.os' },
  browser: { value: (s) => s.body.device.browser, path: 'device.browser' },
  browser_lang: { value: (s) => s.body.device.browser_lang, path: 'device.browser_lang' },
  time_zone: { value: (s) => s.body.device.time_zone, path: 'device.time_zone' },
  resolution: { value: (s) => s.body.device.resolution, path: 'device.resolution' },
  cookie_new: { value: (s) => s.body.device.cookie_new || undefined, path: 'device.cookie_new' },
  cookie_old: { value: (s) => s.body.device.cookie_old || undefined, path: 'device.cookie_old' },
  device_fingerprint: { value: (s) => s.body.device.device_fingerprint, path: 'device.device_fingerprint' },
  device_type: { value: (s) => s.body.device.device_type, path: 'device.device_type' },
  color_depth: { value: (s) => s.body.device.color_depth, path: 'device.color_depth' },
  return_url: { value: (s) => s.returnUrl },
  notify_url: { value: (s) => s.notifyUrl },
  // the browser's Accept header, for 3-D Secure's browser data: from the request, like shopper_ip
  accept_header: { value: (s) => s.request.accept },
  // checkout (card iFrame) only
  open3d: { value: (s) => s.method.open3d ?? undefined, only: 'checkout' },
  challenge_window_size: { value: (s) => s.body.device.challenge_window_size, only: 'checkout', path: 'device.challenge_window_size' },
  session_id: { value: (s) => s.session.id, only: 'checkout' },
  checkout_time: { value: (s) => s.body.device.checkout_time ?? Math.floor(s.now.getTime() / 1000), only: 'checkout', path: 'device.checkout_time' },
  user_agent: { value: (s) => s.body.device.user_agent, only: 'checkout', path: 'device.user_agent' },
  screening_token_cookie: { value: (s) => s.body.device.screening_token_cookie, only: 'checkout', path: 'device.screening_token_cookie' },
  // authorise (APM) only
  payment_method: { value: (s) => s.method.paymentMethod ?? undefined, only: 'authorise' },
  bank_code: { value: (s) => s.body.bank_code, only: 'authorise', path: 'bank_code' },
};

function build(kind: 'checkout' | 'authorise', sources: OrderSources): Record<string, string | number> {
  const order: Record<string, string | number> = {};
  for (const [field, rule] of Object.entries(PAYMENT_ORDER_FIELDS)) {
    if (rule.only && rule.only !== kind) continue;
    const value = rule.value(sources);
    if (value !== undefined && value !== '') order[field] = value;
  }
  return order;
}

export function buildCheckoutOrder(sources: OrderSources): CheckoutOrder {
  return build('checkout', sources) as unknown as CheckoutOrder;
}

export function buildAuthoriseOrder(sources: OrderSources): AuthoriseOrder {
  return build('authorise', sources) as unknown as AuthoriseOrder;
}

/** The request body field behind a gateway order field, e.g. shopper_email -> shopper.email. */
export function bodyPathOf(gatewayField: string): string | undefined {
  return PAYMENT_ORDER_FIELDS[gatewayField]?.path;
}
