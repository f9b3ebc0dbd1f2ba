import { z } from 'zod';
import { ItemsCodecError, decodeItems } from '../items';
import {
  checkAmount,
  coded,
  country,
  currency,
  dayMonthYear,
  decimal,
  envelope,
  limited,
  notifyUrl,
  required,
  returnUrl,
  str,
  threeChars,
  twoChars,
} from './wire';

/**
 * The payment order of docs/gateway-api.md 2.2: the fields common to `/v1/authorise` and `/v1/checkout`, the APM-only
 * and the checkout-only ones. Mandatory: the envelope, order_no, currency, amount, return_url (and payment_method for
 * authorise); everything else is optional, as the spec shows no mandatory set.
 */

/** The order components whose sum the spec calls the order total; each is exact in the order's currency. */
const AMOUNT_COMPONENTS = [
  'item_total',
  'shipping',
  'handling',
  'tax_total',
  'insurance',
  'shipping_discount',
  'discount',
] as const;

export const paymentOrderFields = {
  ...envelope,
  order_no: required('order_no'),
  currency,
  amount: decimal,
  item_total: decimal.optional(),
  shipping: decimal.optional(),
  handling: decimal.optional(),
  tax_total: decimal.optional(),
  insurance: decimal.optional(),
  shipping_discount: decimal.optional(),
  discount: decimal.optional(),
  /** the spec's "the service": the merchant site name (docs/protocol-decisions.md 1) */
  website: limited('website').optional(),
  /** `name#,#sku#,#unit_price#,#quantity` joined by `#;#` (items.ts) */
  items: limited('items').optional(),
  note: limited('note').optional(),
  shopper_id: limited('shopper_id').optional(),
  shopper_email: limited('shopper_email').optional(),
  shopper_ip: limited('shopper_ip').optional(),
  shopper_phone: str.optional(),
  shopper_level: str.optional(),
  first_name: str.optional(),
  last_name: str.optional(),
  document: str.optional(),
  birth_date: dayMonthYear.optional(),
  billing_country: country.optional(),
  billing_state: str.optional(),
  billing_city: str.optional(),
  billing_address: str.optional(),
  billing_postal_code: str.optional(),
  os: str.optional(),
  browser: str.optional(),
  browser_lang: str.optional(),
  time_zone: str.optional(),
  resolution: str.optional(),
  cookie_new: str.optional(),
  cookie_old: str.optional(),
  delivery_firstname: str.optional(),
  delivery_lastname: str.optional(),
  delivery_country: country.optional(),
  delivery_state: str.optional(),
  delivery_city: str.optional(),
  delivery_address: str.optional(),
  delivery_postal_code: str.optional(),
  return_url: returnUrl,
  notify_url: notifyUrl.optional(),
  custom: limited('custom').optional(),
  device_fingerprint: str.optional(),
  platform_source: str.optional(),
  device_type: str.optional(),
  color_depth: str.optional(),
};

const bank = z.object({ code: str.optional(), name: str.optional() });

const bankAccount = z.object({
  account_type: str.optional(),
  account_number: str.optional(),
  branch_number: str.optional(),
  owner_document_number: str.optional(),
  owner_name: str.optional(),
  branch_country: twoChars.optional(),
  currency: threeChars.optional(),
  bank: bank.optional(),
});

const personDocuments = z.object({
  file_type: str.optional(),
  file_data: str.optional(),
  file_url: str.optional(),
  labels: z
    .object({
      person_bank_account_id: str.optional(),
      bank_account: bankAccount.optional(),
    })
    .optional(),
});

/** The APM payer (spec 2.2 `person`). */
const person = z.object({
  document_number: str.optional(),
  document_type: str.optional(),
  social_name: str.optional(),
  email: str.optional(),
  phone_country_code: twoChars.optional(),
  phone_area_code: str.optional(),
  phone_number: str.optional(),
  birth_date: dayMonthYear.optional(),
  net_monthly_average_income: str.optional(),
  address_street: str.optional(),
  address_number: str.optional(),
  address_complement: str.optional(),
  address_postal_code: str.optional(),
  address_city: str.optional(),
  address_state: str.optional(),
  address_country: twoChars.optional(),
  fiscal_country: twoChars.optional(),
  documents: personDocuments.optional(),
});

export const apmFields = {
  payment_method: required('payment_method'),
  delivery_district_name: str.optional(),
  delivery_street_name: str.optional(),
  bank_code: str.optional(),
  person: person.optional(),
};

const num = z.number({ error: 'must be a number' });
const int = num.int('must be a whole number');
const ip = z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' });

const cartItem = z.object({
  basic_item_data: z.object({
    name: str.optional(),
    quantity: str.optional(),
    type: str.optional(),
    price: z
      .object({ amount_usd: num.optional(), amount_local_currency: num.optional(), currency: str.optional() })
      .optional(),
    category: str.optional(),
    productId: str.optional(),
  }),
});

const accountOwner = z.object({
  first_name: str.optional(),
  last_name: str.optional(),
  email: str.optional(),
  account_id: str.optional(),
  created: num.optional(),
  past_orders_count: num.optional(),
  past_orders_sum: num.optional(),
  lastLogin_ip: ip.optional(),
  registration_ip: ip.optional(),
});

const totalDiscount = z.object({ coupon_code_used: str.optional(), discount_type: str.optional() });

const additionalInformation = z.object({
  mpi_info: z.object({ eci: str.optional(), cavv: str.optional(), xid: str.optional(), dsTransID: str.optional() }),
});

const subscription = z.object({
  contract: str.optional(),
  contract_name: str.optional(),
  contract_amount: str.optional(),
  interval: str.optional(),
  interval_count: str.optional(),
  contract_start: str.optional(),
  contract_end: str.optional(),
  price_id: str.optional(),
  billing_cycle: int.optional(),
  promotion_cycle: int.optional(),
});

export const checkoutFields = {
  open3d: coded('open3d').optional(),
  token_flag: coded('token_flag').optional(),
  token_id: limited('token_id').optional(),
  challenge_window_size: coded('challenge_window_size').optional(),
  session_id: str.optional(),
  installments: str.optional(),
  installments_id: str.optional(),
  order_type: str.optional(),
  /** Unix time in seconds */
  checkout_time: int.nonnegative('must not be negative').optional(),
  user_agent: str.optional(),
  screening_token_cookie: str.optional(),
  cart_items: z.array(cartItem).optional(),
  account_owner: z.array(accountOwner).optional(),
  total_discount: z.array(totalDiscount).optional(),
  additional_information: z.array(additionalInformation).optional(),
  price_id: str.optional(),
  quote_id: str.optional(),
  quote_price: str.optional(),
  storefront_domains: str.optional(),
  subscription: subscription.optional(),
};

type OrderLike = { currency?: unknown; amount?: unknown; items?: unknown } & Partial<
  Record<(typeof AMOUNT_COMPONENTS)[number], unknown>
>;

/** Amounts exact in the order's currency, amount > 0, and items that decode, each reported at its own path. */
function checkOrder(order: OrderLike, ctx: z.RefinementCtx): void {
  checkAmount(ctx, ['amount'], order.amount, order.currency, true);
  for (const part of AMOUNT_COMPONENTS) checkAmount(ctx, [part], order[part], order.currency, false);
  if (typeof order.items !== 'string') return;
  try {
    decodeItems(order.items).forEach((item, i) => {
      const path = ['items', i, 'unit_price'];
      if (decimal.safeParse(item.unit_price).success) checkAmount(ctx, path, item.unit_price, order.currency, false);
      else
        ctx.addIssue({
          code: 'custom',
          path,
          input: item.unit_price,
          message: 'must be a decimal string such as "10.36"',
        });
    });
  } catch (e) {
    if (!(e instanceof ItemsCodecError)) throw e;
    ctx.addIssue({ code: 'custom', path: ['items', ...e.path], input: order.items, message: e.message });
  }
}

/** `/v1/authorise`: an APM payment order. */
export const authoriseRequest = z.object({ ...paymentOrderFields, ...apmFields }).superRefine(checkOrder);

/** `/v1/checkout` step 1: a redirect (iFrame) payment order. */
export const checkoutRequest = z.object({ ...paymentOrderFields, ...checkoutFields }).superRefine(checkOrder);
