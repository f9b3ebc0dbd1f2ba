import { z } from 'zod';
import { hasDelimiter } from '../gateway/items';
import { isAmount, lineTotal, sumMinor, toMinor } from '../gateway/money';
import { isCurrency } from '../gateway/currencies';
import type { DeclineReason } from '../gateway/declineReason';
import type { OrderStatus } from '../gateway/status';
import type { MethodField } from '../paymentMethods/shopperFields';
import {
  birthDate,
  countryCode,
  currencyCode,
  decimalString,
  email,
  httpUrl,
  orderNo,
  text,
  localeTag,
} from './primitives';

/** The shop server's `POST /api/sessions` body. The amount fixed here is the only amount ever paid. */
const noDelimiter = (s: string) => !hasDelimiter(s);
const DELIMITER_MSG = 'must not contain "#,#", "#;#" or start or end with "#"';

const sessionItem = z.strictObject({
  name: text(200).min(1, 'must not be empty').refine(noDelimiter, DELIMITER_MSG),
  sku: text(100).min(1, 'must not be empty').refine(noDelimiter, DELIMITER_MSG),
  unit_price: decimalString,
  quantity: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100000, 'must be at most 100000'),
  category: text(100).optional(),
  type: text(50).optional(),
  /** the shop's product id (the gateway's cart_items productId); default: the sku */
  product_id: text(100).optional(),
  /** the unit price in USD, when the shop knows it; otherwise derived from the session's `fx_rate_usd` */
  price_usd: decimalString.optional(),
});

export const AMOUNT_PARTS = [
  'shipping',
  'handling',
  'tax_total',
  'insurance',
  'shipping_discount',
  'discount',
] as const;

const addressPrefill = z.strictObject({
  country: countryCode.optional(),
  state: text(100).optional(),
  city: text(100).optional(),
  address: text(300).optional(),
  postal_code: text(20).optional(),
});

export const shopperPrefill = z.strictObject({
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  email: email.optional(),
  phone: text(30).optional(),
  document: text(50).optional(),
  birth_date: birthDate.optional(),
  billing: addressPrefill.optional(),
  delivery: addressPrefill.optional(),
});

const ipAddress = z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' });
const count = (max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(max, `must be at most ${max}`);
const isoDate = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });

/** The shop's own customer account of the shopper (the gateway's `account_owner`, for risk screening). */
const accountOwner = z.strictObject({
  account_id: text(64).optional(),
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  email: email.optional(),
  /** when the account was created, Unix time in seconds */
  created: count(99_999_999_999).optional(),
  past_orders_count: count(10_000_000).optional(),
  /** what the account spent before, in the session currency */
  past_orders_sum: decimalString.optional(),
  lastLogin_ip: ipAddress.optional(),
  registration_ip: ipAddress.optional(),
});

/** A coupon used on the order (the gateway's `total_discount`). */
const couponUsed = z.strictObject({
  coupon_code_used: text(64).min(1, 'must not be empty'),
  discount_type: text(32).optional(),
});

const SUBSCRIPTION_INTERVALS = ['day', 'week', 'month', 'year'] as const;

/** The recurring contract this payment starts (the gateway's `subscription`); amounts in the session currency. */
export const subscriptionTerms = z.strictObject({
  /** the shop's contract reference */
  contract: text(64).optional(),
  contract_name: text(100).min(1, 'must not be empty'),
  /** charged every `interval_count` `interval`s */
  contract_amount: decimalString,
  interval: z.enum(SUBSCRIPTION_INTERVALS, { error: `must be one of ${SUBSCRIPTION_INTERVALS.join(', ')}` }),
  interval_count: count(1000).min(1, 'must be at least 1').default(1),
  contract_start: isoDate.optional(),
  contract_end: isoDate.optional(),
  price_id: text(64).optional(),
  /** how many times it is charged (0 or absent: until cancelled) */
  billing_cycle: count(10_000).optional(),
  /** how many of the first charges are at a promotional price */
  promotion_cycle: count(10_000).optional(),
});

/** A rate as a positive decimal string with up to 12 decimals: how many USD one unit of the session currency buys. */
const fxRate = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,12})?$/, 'must be a decimal string such as "0.1834"')
  .refine((v) => /[1-9]/.test(v), 'must be greater than 0');

export const createSessionBody = z
  .strictObject({
    order_no: orderNo.optional(),
    amount: decimalString,
    currency: currencyCode,
    items: z.array(sessionItem).max(200, 'must have at most 200 items').optional(),
    shipping: decimalString.optional(),
    handling: decimalString.optional(),
    tax_total: decimalString.optional(),
    insurance: decimalString.optional(),
    shipping_discount: decimalString.optional(),
    discount: decimalString.optional(),
    country: countryCode.optional(),
    locale: localeTag.optional(),
    shopper: shopperPrefill.optional(),
    return_url: httpUrl().optional(),
    note: text(1000).optional(),
    custom: text(2500).optional(),
    shopper_id: text(64).optional(),
    metadata: z
      .record(z.string().max(40), z.string().max(500))
      .refine((m) => Object.keys(m).length <= 20, 'must have at most 20 keys')
      .optional(),
    /** the shop's site name (the gateway's `website`); default: the host of the page the widget runs on */
    website: text(2000).optional(),
    shopper_level: text(32).optional(),
    /** the shop's platform, e.g. "shopify" or "custom" */
    platform_source: text(50).optional(),
    storefront_domains: text(500).optional(),
    account_owner: accountOwner.optional(),
    total_discount: z.array(couponUsed).max(20, 'must have at most 20 coupons').optional(),
    subscription: subscriptionTerms.optional(),
    price_id: text(64).optional(),
    quote_id: text(64).optional(),
    /** the quoted price, in the session currency */
    quote_price: decimalString.optional(),
    /** USD per unit of the session currency, for the gateway's cart_items amount_usd (items' own price_usd wins) */
    fx_rate_usd: fxRate.optional(),
    /** offer "save my card" to the shopper; needs shopper_id, under which the card token is kept */
    allow_save_card: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .superRefine((body, ctx) => {
    // Each amount must be exact in the session currency, and the parts must add up to the total.
    if (!isCurrency(body.currency)) return;
    const minor = (path: (string | number)[], value: string): number | undefined => {
      if (isAmount(value, body.currency)) return toMinor(value, body.currency);
      ctx.addIssue({ code: 'custom', path, message: amountFormatMessage(body.currency) });
      return undefined;
    };
    const total = minor(['amount'], body.amount);
    if (total === 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'must be greater than 0' });
    const parts = Object.fromEntries(AMOUNT_PARTS.map((p) => [p, body[p] === undefined ? 0 : minor([p], body[p]!)]));
    if (body.account_owner?.past_orders_sum !== undefined)
      minor(['account_owner', 'past_orders_sum'], body.account_owner.past_orders_sum);
    if (body.quote_price !== undefined) minor(['quote_price'], body.quote_price);
    if (body.subscription) minor(['subscription', 'contract_amount'], body.subscription.contract_amount);
    (body.items ?? []).forEach((item, i) => {
      if (item.price_usd !== undefined && !isAmount(item.price_usd, 'USD'))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'price_usd'], message: amountFormatMessage('USD') });
    });
    const sub = body.subscription;
    if (sub?.contract_start && sub.contract_end && sub.contract_end < sub.contract_start) {
      ctx.addIssue({
        code: 'custom',
        path: ['subscription', 'contract_end'],
        message: 'must not be before contract_start',
      });
    }
    if (body.allow_save_card && !body.shopper_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['allow_save_card'],
        message: 'needs shopper_id: a saved card is kept for one shopper',
      });
    }
    const lines = (body.items ?? []).map((item, i) => {
      const unit = minor(['items', i, 'unit_price'], item.unit_price);
      return unit === undefined ? undefined : lineTotal(unit, item.quantity);
    });
    if (!body.items?.length || total === undefined) return;
    if (lines.some((l) => l === undefined) || Object.values(parts).some((p) => p === undefined)) return;
    const itemTotal = sumMinor(lines as number[]);
    const p = parts as Record<(typeof AMOUNT_PARTS)[number], number>;
    const expected = itemTotal + p.shipping + p.handling + p.tax_total + p.insurance - p.shipping_discount - p.discount;
    if (expected !== total) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message:
          'must equal the items total + shipping + handling + tax_total + insurance - shipping_discount - discount',
      });
    }
  });

export type CreateSessionBody = z.infer<typeof createSessionBody>;
/** The body as a shop's server writes it (defaulted fields may be left out): what the typed client (packages/node/, @checkout/node) takes. */
export type CreateSessionInput = z.input<typeof createSessionBody>;

function amountFormatMessage(currency: string): string {
  return isAmount('1', currency)
    ? `must be a whole number for ${currency}`
    : `must have exactly the number of decimals of ${currency}, e.g. ${currency === 'USD' ? '"25.00"' : 'the currency minor unit'}`;
}

export interface CreateSessionResponse {
  id: string;
  client_secret: string;
  order_no: string;
  expires_at: string;
}

/**
 * A shopper field a payment method asks for beyond name and e-mail, one of shared/paymentMethods/shopperFields.ts.
 * The gateway requires no address and no phone, so a method asks for them only when the shop's method config says so.
 */
export type { MethodField };

export interface PaymentMethodView {
  id: string;
  kind: 'card' | 'apm';
  /** the label in the session's locale, falling back to English */
  label: string;
  /** gateway payment_method code, APMs only */
  payment_method?: string;
  fields: MethodField[];
  /** bank choices for methods that need a bank_code */
  banks?: { code: string; name: string }[];
  /** installment counts the shopper may choose (cards); paying at once is always possible */
  installments?: number[];
  /** per installment count: each instalment and the total, with the method's declared interest (decimal strings) */
  installment_terms?: { count: number; each: string; total: string }[];
  /** the shopper's saved cards (cards, sessions with a shopper_id), the one last paid with first */
  saved_cards?: SavedCardView[];
  /** "save my card" may be offered (cards, the shop allows it) */
  save_card?: boolean;
}

interface SavedCardView {
  /** our reference, sent back as the payment's `saved_card`; never the gateway token */
  id: string;
  /** e.g. "Visa •••• 4242", when the gateway said */
  label?: string;
}

/** A subscription's terms as the shopper sees them before paying. */
export type SubscriptionView = Pick<
  z.infer<typeof subscriptionTerms>,
  | 'contract_name'
  | 'contract_amount'
  | 'interval'
  | 'interval_count'
  | 'contract_start'
  | 'contract_end'
  | 'billing_cycle'
  | 'promotion_cycle'
>;

/** `GET /api/sessions/:id`: what the widget shows. */
export interface SessionView {
  id: string;
  order_no: string;
  status: OrderStatus;
  amount: string;
  currency: string;
  items: { name: string; sku: string; unit_price: string; quantity: number }[];
  country?: string;
  locale?: string;
  shopper?: z.infer<typeof shopperPrefill>;
  methods: PaymentMethodView[];
  /** the recurring contract this payment starts */
  subscription?: SubscriptionView;
  expires_at: string;
  /** past `expires_at` by the backend's clock with no payment to show: nothing can be paid any more */
  expired?: true;
  /** the shop's page to go back to (the session's `return_url`) */
  return_url?: string;
  /**
   * the order was paid twice (a late payment after the shopper paid another way): the second payment and how it
   * is given back: `scheduled` automatically at `refund_at` (the owner's setting), `pending` being refunded,
   * `refunded`, or `shop` (the shop was told and refunds it)
   */
  extra_payment?: {
    amount: string;
    currency: string;
    refund: 'scheduled' | 'pending' | 'refunded' | 'shop';
    refund_at?: string;
  };
  /**
   * the last payment's outcome, so a reloaded page can show it; a failed one says why as a `reason` the widget
   * translates, with the gateway's `code` and `message` (`<code>:<text>`) for the shop's logs, never for the shopper
   */
  payment?: {
    payment_id: string;
    status: OrderStatus;
    message?: string;
    reason?: DeclineReason;
    code?: string;
    /** a pending APM: the issuer page (Pix code, Boleto voucher) the shopper can go back to */
    redirect_url?: string;
    /** the method's id, e.g. `pix` */
    method?: string;
  };
}
