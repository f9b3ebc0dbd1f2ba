import type { CreatePaymentBody } from '../../shared/contract/payment';
import type { AMOUNT_PARTS, CreateSessionBody } from '../../shared/contract/session';
import { encodeItems } from '../../shared/gateway/items';
import { lineTotal, sumMinor, toDecimal, toMinor } from '../../shared/gateway/money';
import {
  ORDER_FIELDS,
  VALUE_FIELDS,
  type ValueKey,
  bodyPath,
  bodyValue,
} from '../../shared/paymentMethods/shopperFields';
import type { AuthoriseOrder, CheckoutOrder } from '../gateway';
import type { InstallmentPlan } from '../methods';
import type { PaymentMethod } from '../methods';
import type { SessionExtras } from './sessionExtras';
import type { SessionRow } from './sessions';
import { splitPhone } from './splitPhone';
import { toUsdMinor } from './toUsdMinor';

/** Everything a gateway payment order is built from. The amount comes from the session, never the browser. */
export interface OrderSources {
  session: SessionRow;
  /** what the shop's server said beyond money, items and shopper (account, subscription, coupons, ...) */
  extras: SessionExtras;
  /** this attempt's order_no at the gateway (unique per attempt) */
  gatewayOrderNo: string;
  body: CreatePaymentBody;
  method: PaymentMethod;
  /** the installment plan the shopper chose, already checked against the method's */
  installmentPlan: InstallmentPlan | undefined;
  /** the saved card paid with, already checked to be the session's shopper's */
  savedCard: { token_id: string } | undefined;
  /** the shopper ticked "save my card" and the session offers it */
  saveCard: boolean;
  /** taken from the HTTP request itself, never from its body */
  request: { ip: string; accept: string | undefined; origin: string | undefined };
  returnUrl: string;
  notifyUrl: string;
  /** the configured site name (WEBSITE, else PUBLIC_URL's host) */
  website: string;
  /** shopper_id when the shop names no shopper (guestShopperId) */
  guestShopperId: string;
  now: Date;
}

/** Who a field's value comes from (the table). `none`: nothing we run knows it, so it is left out. */
type FieldSource = 'shop' | 'shopper' | 'browser' | 'request' | 'config' | 'saved_card' | 'none';

type Value =
  | string
  | number
  | Readonly<Record<string, unknown>>
  | readonly Readonly<Record<string, unknown>>[]
  | undefined;

interface FieldRule {
  from: FieldSource;
  value: (s: OrderSources) => Value;
  /** only in this operation's order (docs/gateway-api.md 2.2: fields only in /v1/checkout or only in /v1/authorise) */
  only?: 'checkout' | 'authorise';
  /** the request body field it comes from, so a gateway error about it can name the shopper's field */
  path?: string;
}

/** Orders are placed on the web, in the widget: the spec's illustrative `WEB`. */
const ORDER_TYPE = 'WEB';

type SessionItem = NonNullable<CreateSessionBody['items']>[number];
const items = (s: OrderSources) => JSON.parse(s.session.items) as SessionItem[];
const parts = (s: OrderSources) =>
  JSON.parse(s.session.amount_parts) as Partial<Record<(typeof AMOUNT_PARTS)[number], number>>;
const money = (s: OrderSources, minor: number | undefined) =>
  minor === undefined ? undefined : toDecimal(minor, s.session.currency);
// a method that asks for no address gets none: the gateway requires none (docs/gateway-evidence.md 7)
const delivery = (s: OrderSources) => s.body.shopper.delivery ?? s.body.shopper.billing;
const hostOf = (url: string) => new URL(url).host;
const needsPerson = (s: OrderSources) => s.method.fields.includes('person');

/** The one line of an order without items: the order itself, at its amount. */
function wholeOrderLine(s: OrderSources): SessionItem {
  return {
    name: `Order ${s.session.order_no}`,
    sku: s.session.order_no,
    unit_price: toDecimal(s.session.amount_minor, s.session.currency),
    quantity: 1,
  };
}

/**
 * The spec types a few amounts as JSON numbers (cart_items prices, past_orders_sum). They are made from the
 * exact decimal text at the very end, with no arithmetic on them: JSON prints the same digits back.
 */
const amountNumber = (minor: number, currency: string) => Number(toDecimal(minor, currency));

/** Leaves out what is empty, so an object carries only what has a value. */
function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

/** cart_items: each line with its unit price in the order's currency and in USD (the item's own, or at fx_rate_usd). */
function cartItems(s: OrderSources) {
  const { currency } = s.session;
  return items(s).map((item) => {
    const unitMinor = toMinor(item.unit_price, currency);
    const usdMinor =
      item.price_usd !== undefined
        ? toMinor(item.price_usd, 'USD')
        : s.extras.fx_rate_usd
          ? toUsdMinor(unitMinor, currency, s.extras.fx_rate_usd)
          : currency === 'USD'
            ? unitMinor
            : undefined;
    return {
      basic_item_data: defined({
        name: item.name,
        quantity: String(item.quantity),
        type: item.type,
        price: defined({
          amount_usd: usdMinor === undefined ? undefined : amountNumber(usdMinor, 'USD'),
          amount_local_currency: amountNumber(unitMinor, currency),
          currency,
        }),
        category: item.category,
        productId: item.product_id ?? item.sku,
      }),
    };
  });
}

function accountOwner(s: OrderSources) {
  const owner = s.extras.account_owner;
  if (!owner) return undefined;
  const { past_orders_sum, ...rest } = owner;
  return [
    defined({
      ...rest,
      past_orders_sum:
        past_orders_sum === undefined
          ? undefined
          : amountNumber(toMinor(past_orders_sum, s.session.currency), s.session.currency),
    }),
  ];
}

function subscription(s: OrderSources) {
  const sub = s.extras.subscription;
  // the spec types interval_count as a string and the cycles as integers
  return sub && defined({ ...sub, interval_count: String(sub.interval_count) });
}

/** The APM payer (spec 2.2 `person`), for methods that ask for it: the shopper's details and the extra person fields. */
function person(s: OrderSources) {
  if (!needsPerson(s)) return undefined;
  const { shopper } = s.body;
  const billing = shopper.billing;
  const phone = splitPhone(shopper.phone ?? '');
  return defined({
    document_number: shopper.document,
    document_type: shopper.person?.document_type,
    social_name: shopper.person?.social_name,
    email: shopper.email,
    // the spec's "2 characters": a calling code such as 55; one of another length cannot be sent
    phone_country_code: phone.country?.length === 2 ? phone.country : undefined,
    phone_area_code: phone.area,
    phone_number: phone.number,
    birth_date: shopper.birth_date,
    net_monthly_average_income: shopper.person?.net_monthly_average_income,
    address_street: billing?.address,
    address_number: billing?.number,
    address_complement: billing?.complement,
    address_postal_code: billing?.postal_code,
    address_city: billing?.city,
    address_state: billing?.state,
    address_country: billing?.country,
    fiscal_country: shopper.person?.fiscal_country ?? billing?.country,
  });
}

/** The row of a gateway field that one of the shopper fields fills (shared/paymentMethods/shopperFields.ts). */
function shopperField(gatewayField: string): FieldRule {
  const [key] = VALUE_FIELDS.find(([k]) => ORDER_FIELDS[k] === gatewayField)!;
  return { from: 'shopper', value: (s) => bodyValue(s.body, key), path: bodyPath(key) };
}

/**
 * A gateway object field with what the shopper fields put into it (those whose ORDER_FIELDS entry is a path into
 * it, e.g. `person.documents.labels.bank_account.account_type`): each value given, at its path.
 */
function withFieldsInside(gatewayField: string, value: Value, s: OrderSources): Value {
  let out = value;
  for (const [key, inside] of FIELDS_INSIDE.get(gatewayField) ?? []) {
    const given = bodyValue(s.body, key);
    if (given) out = setIn((out ?? {}) as Readonly<Record<string, unknown>>, inside, given);
  }
  return out;
}

/** The shopper fields whose ORDER_FIELDS entry is a path into a gateway field, by that field (read once). */
const FIELDS_INSIDE: ReadonlyMap<string, readonly (readonly [ValueKey, string[]])[]> = (() => {
  const byField = new Map<string, [ValueKey, string[]][]>();
  for (const [key] of VALUE_FIELDS) {
    const [top, ...inside] = ORDER_FIELDS[key].split('.');
    if (!inside.length) continue;
    byField.set(top!, [...(byField.get(top!) ?? []), [key, inside]]);
  }
  return byField;
})();

function setIn(
  o: Readonly<Record<string, unknown>>,
  [head, ...rest]: string[],
  value: string,
): Readonly<Record<string, unknown>> {
  const inner = (o[head!] ?? {}) as Readonly<Record<string, unknown>>;
  return { ...o, [head!]: rest.length ? setIn(inner, rest, value) : value };
}

/**
 * THE table of the gateway payment order: every spec 2.2 field, who it comes from and how. Read top to bottom
 * it answers "what does the gateway receive, from whom". A field without a value is left out; `from: 'none'`
 * marks the fields nothing we run can know. merchant_id, account_id and encryption_data are added and signed
 * by the gateway client (server/gateway/operations/signPaymentOrder.ts).
 */
export const PAYMENT_ORDER_FIELDS: Readonly<Record<string, FieldRule>> = {
  // the shop's server, on POST /api/sessions
  order_no: { from: 'shop', value: (s) => s.gatewayOrderNo },
  currency: { from: 'shop', value: (s) => s.session.currency },
  amount: { from: 'shop', value: (s) => toDecimal(s.session.amount_minor, s.session.currency) },
  item_total: {
    from: 'shop',
    value: (s) =>
      items(s).length
        ? money(s, sumMinor(items(s).map((i) => lineTotal(toMinor(i.unit_price, s.session.currency), i.quantity))))
        : undefined,
  },
  shipping: { from: 'shop', value: (s) => money(s, parts(s).shipping) },
  handling: { from: 'shop', value: (s) => money(s, parts(s).handling) },
  tax_total: { from: 'shop', value: (s) => money(s, parts(s).tax_total) },
  insurance: { from: 'shop', value: (s) => money(s, parts(s).insurance) },
  shipping_discount: { from: 'shop', value: (s) => money(s, parts(s).shipping_discount) },
  discount: { from: 'shop', value: (s) => money(s, parts(s).discount) },
  // "the service", required by the docs: the shop's site name as the shop gives it, else the configured one
  website: { from: 'shop', value: (s) => s.extras.website ?? s.website },
  // required by the docs: an order the shop sent without lines travels as one line of its whole amount
  items: { from: 'shop', value: (s) => encodeItems(items(s).length ? items(s) : [wholeOrderLine(s)]) },
  note: { from: 'shop', value: (s) => s.session.note ?? undefined },
  custom: { from: 'shop', value: (s) => s.session.custom ?? undefined },
  // required by the docs: the shop's own id for the shopper, else one derived from the checkout session
  shopper_id: { from: 'shop', value: (s) => s.session.shopper_id ?? s.guestShopperId },
  shopper_level: { from: 'shop', value: (s) => s.extras.shopper_level },
  platform_source: { from: 'shop', value: (s) => s.extras.platform_source },
  cart_items: { from: 'shop', value: (s) => (items(s).length ? cartItems(s) : undefined), only: 'checkout' },
  account_owner: { from: 'shop', value: accountOwner, only: 'checkout' },
  total_discount: { from: 'shop', value: (s) => s.extras.total_discount, only: 'checkout' },
  subscription: { from: 'shop', value: subscription, only: 'checkout' },
  price_id: { from: 'shop', value: (s) => s.extras.price_id ?? s.extras.subscription?.price_id, only: 'checkout' },
  quote_id: { from: 'shop', value: (s) => s.extras.quote_id, only: 'checkout' },
  quote_price: { from: 'shop', value: (s) => s.extras.quote_price, only: 'checkout' },
  // the shop's storefront as it says, else the origin of the page the widget runs on
  storefront_domains: {
    from: 'shop',
    value: (s) => s.extras.storefront_domains ?? (s.request.origin ? hostOf(s.request.origin) : undefined),
    only: 'checkout',
  },
  session_id: { from: 'shop', value: (s) => s.session.id, only: 'checkout' },

  // the shopper, in the widget's form
  shopper_email: { from: 'shopper', value: (s) => s.body.shopper.email, path: 'shopper.email' },
  shopper_phone: shopperField('shopper_phone'),
  first_name: { from: 'shopper', value: (s) => s.body.shopper.first_name, path: 'shopper.first_name' },
  last_name: { from: 'shopper', value: (s) => s.body.shopper.last_name, path: 'shopper.last_name' },
  document: shopperField('document'),
  birth_date: shopperField('birth_date'),
  billing_country: { from: 'shopper', value: (s) => s.body.shopper.billing?.country, path: 'shopper.billing.country' },
  billing_state: { from: 'shopper', value: (s) => s.body.shopper.billing?.state, path: 'shopper.billing.state' },
  billing_city: { from: 'shopper', value: (s) => s.body.shopper.billing?.city, path: 'shopper.billing.city' },
  billing_address: { from: 'shopper', value: (s) => s.body.shopper.billing?.address, path: 'shopper.billing.address' },
  billing_postal_code: {
    from: 'shopper',
    value: (s) => s.body.shopper.billing?.postal_code,
    path: 'shopper.billing.postal_code',
  },
  // the form has one name: the shopper receives the goods
  delivery_firstname: { from: 'shopper', value: (s) => s.body.shopper.first_name, path: 'shopper.first_name' },
  delivery_lastname: { from: 'shopper', value: (s) => s.body.shopper.last_name, path: 'shopper.last_name' },
  delivery_country: { from: 'shopper', value: (s) => delivery(s)?.country, path: 'shopper.delivery.country' },
  delivery_state: { from: 'shopper', value: (s) => delivery(s)?.state, path: 'shopper.delivery.state' },
  delivery_city: { from: 'shopper', value: (s) => delivery(s)?.city, path: 'shopper.delivery.city' },
  delivery_address: { from: 'shopper', value: (s) => delivery(s)?.address, path: 'shopper.delivery.address' },
  delivery_postal_code: {
    from: 'shopper',
    value: (s) => delivery(s)?.postal_code,
    path: 'shopper.delivery.postal_code',
  },
  delivery_district_name: {
    from: 'shopper',
    value: (s) => (needsPerson(s) ? delivery(s)?.district : undefined),
    only: 'authorise',
    path: 'shopper.delivery.district',
  },
  delivery_street_name: {
    from: 'shopper',
    value: (s) => (needsPerson(s) ? delivery(s)?.address : undefined),
    only: 'authorise',
    path: 'shopper.delivery.address',
  },
  bank_code: { ...shopperField('bank_code'), only: 'authorise' },
  person: { from: 'shopper', value: person, only: 'authorise', path: 'shopper.person' },
  installments: {
    from: 'shopper',
    value: (s) => (s.installmentPlan ? String(s.installmentPlan.count) : undefined),
    only: 'checkout',
    path: 'installments',
  },
  installments_id: { from: 'shopper', value: (s) => s.installmentPlan?.id, only: 'checkout', path: 'installments' },

  // the browser, collected by the widget
  os: { from: 'browser', value: (s) => s.body.device.os, path: 'device.os' },
  browser: { from: 'browser', value: (s) => s.body.device.browser, path: 'device.browser' },
  browser_lang: { from: 'browser', value: (s) => s.body.device.browser_lang, path: 'device.browser_lang' },
  time_zone: { from: 'browser', value: (s) => s.body.device.time_zone, path: 'device.time_zone' },
  resolution: { from: 'browser', value: (s) => s.body.device.resolution, path: 'device.resolution' },
  color_depth: { from: 'browser', value: (s) => s.body.device.color_depth, path: 'device.color_depth' },
  cookie_new: { from: 'browser', value: (s) => s.body.device.cookie_new, path: 'device.cookie_new' },
  cookie_old: { from: 'browser', value: (s) => s.body.device.cookie_old, path: 'device.cookie_old' },
  device_fingerprint: {
    from: 'browser',
    value: (s) => s.body.device.device_fingerprint,
    path: 'device.device_fingerprint',
  },
  device_type: { from: 'browser', value: (s) => s.body.device.device_type, path: 'device.device_type' },
  user_agent: { from: 'browser', value: (s) => s.body.device.user_agent, only: 'checkout', path: 'device.user_agent' },
  checkout_time: {
    from: 'browser',
    value: (s) => s.body.device.checkout_time ?? Math.floor(s.now.getTime() / 1000),
    only: 'checkout',
    path: 'device.checkout_time',
  },
  challenge_window_size: {
    from: 'browser',
    value: (s) => s.body.device.challenge_window_size,
    only: 'checkout',
    path: 'device.challenge_window_size',
  },
  screening_token_cookie: {
    from: 'browser',
    value: (s) => s.body.device.screening_token_cookie,
    only: 'checkout',
    path: 'device.screening_token_cookie',
  },

  // the request, on the backend
  shopper_ip: { from: 'request', value: (s) => s.request.ip },
  // not in spec 2.2: the browser's Accept header, which 3-D Secure's browser data asks for
  accept_header: { from: 'request', value: (s) => s.request.accept },

  // the shop's configuration
  open3d: { from: 'config', value: (s) => s.method.open3d ?? undefined, only: 'checkout' },
  order_type: { from: 'config', value: () => ORDER_TYPE, only: 'checkout' },
  payment_method: { from: 'config', value: (s) => s.method.paymentMethod ?? undefined, only: 'authorise' },
  return_url: { from: 'config', value: (s) => s.returnUrl },
  notify_url: { from: 'config', value: (s) => s.notifyUrl },

  // saved cards
  token_flag: { from: 'saved_card', value: (s) => (s.saveCard ? 'YES' : 'NO'), only: 'checkout', path: 'save_card' },
  token_id: { from: 'saved_card', value: (s) => s.savedCard?.token_id, only: 'checkout', path: 'saved_card' },

  // 3-D Secure results of a merchant's own MPI: we run none, the gateway's hosted page authenticates
  additional_information: { from: 'none', value: () => undefined, only: 'checkout' },
};

/**
 * The payment order's fields about the shopper's device and connection (the browser's, collected by the widget,
 * and the request's): cookies, fingerprint, IP, browser. The admin API shows them to owners only.
 */
export const DEVICE_FIELDS: ReadonlySet<string> = new Set(
  Object.entries(PAYMENT_ORDER_FIELDS)
    .filter(([, rule]) => rule.from === 'browser' || rule.from === 'request')
    .map(([field]) => field),
);

function build(kind: 'checkout' | 'authorise', sources: OrderSources): Record<string, unknown> {
  const order: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(PAYMENT_ORDER_FIELDS)) {
    if (rule.only && rule.only !== kind) continue;
    const value = withFieldsInside(field, rule.value(sources), sources);
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
