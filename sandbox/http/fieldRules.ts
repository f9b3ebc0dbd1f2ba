import type { GatewayErrorCode } from '../../shared/gateway/errors';
import { MAX_LENGTH, type CodedField } from '../../shared/gateway/fields';

/**
 * One row per field the spec gives a type, length or code, and which error code each failure yields. The
 * catalogue (docs/protocol-decisions.md 5) has dedicated codes for order_no, amount, currency, return_url and
 * payment_method; every other field answers I0059 when required and missing, I0060 when too long, and I0059 naming the
 * field and what is wrong when its value is malformed (the catalogue has no code for that).
 */
type FieldFormat =
  | 'text'
  | 'currency'
  /** positive decimal in the row's `currencyField` (I0021 when zero) */
  | 'amount'
  /** decimal in the currency, zero allowed (order components) */
  | 'amountOrZero'
  | 'url'
  /** url that must not contain "&": it is signed (docs/protocol-decisions.md 3) */
  | 'returnUrl'
  /** https url, or http on a loopback host only: the gateway never calls plain http (docs/protocol-decisions.md 6) */
  | 'notifyUrl'
  | 'items'
  | 'dayMonthYear'
  | 'isoDate'
  | 'country'
  | 'uuid'
  | 'integer'
  | 'object'
  | 'array'
  | { coded: CodedField };

export interface FieldRule {
  field: string;
  format: FieldFormat;
  /** code when missing or empty; omitted = optional */
  required?: GatewayErrorCode;
  max?: number;
  /** code when longer than `max` (default I0060) */
  tooLong?: GatewayErrorCode;
  /** code when malformed (default I0059) */
  invalid?: GatewayErrorCode;
  /** for amounts: the field holding their currency (default `currency`) */
  currencyField?: string;
}

const optionalText = (field: string, max?: number): FieldRule => ({ field, format: 'text', ...(max ? { max } : {}) });
const coded = (field: CodedField): FieldRule => ({ field, format: { coded: field } });
const part = (field: string): FieldRule => ({ field, format: 'amountOrZero', invalid: 'I0020' });

/**
 * Fields of a payment order common to `/v1/authorise` and `/v1/checkout` (docs/gateway-api.md 2.2). items, shopper_id
 * and shopper_email are required on both (docs/gateway-evidence.md 7); `requiring` adds what one route needs beyond
 * them.
 */
const PAYMENT_ORDER_RULES: readonly FieldRule[] = [
  { field: 'order_no', format: 'text', required: 'I0017', max: MAX_LENGTH.order_no, tooLong: 'I0018' },
  { field: 'currency', format: 'currency', required: 'I0022', invalid: 'I0023' },
  { field: 'amount', format: 'amount', required: 'I0019', max: MAX_LENGTH.amount, tooLong: 'I0020', invalid: 'I0020' },
  { field: 'return_url', format: 'returnUrl', required: 'I0024', max: MAX_LENGTH.return_url, tooLong: 'I0025' },
  { field: 'items', format: 'items', required: 'I0059', max: MAX_LENGTH.items },
  { field: 'shopper_id', format: 'text', required: 'I0059', max: MAX_LENGTH.shopper_id },
  { field: 'shopper_email', format: 'text', required: 'I0059', max: MAX_LENGTH.shopper_email },
  optionalText('shopper_ip', MAX_LENGTH.shopper_ip),
  optionalText('website', MAX_LENGTH.website),
  { field: 'notify_url', format: 'notifyUrl', max: MAX_LENGTH.notify_url },
  ...['item_total', 'shipping', 'handling', 'tax_total', 'insurance', 'shipping_discount', 'discount'].map(part),
  optionalText('note', MAX_LENGTH.note),
  optionalText('custom', MAX_LENGTH.custom),
  { field: 'birth_date', format: 'dayMonthYear' },
  { field: 'billing_country', format: 'country' },
  { field: 'delivery_country', format: 'country' },
  ...[
    'shopper_phone',
    'shopper_level',
    'first_name',
    'last_name',
    'document',
    'billing_state',
    'billing_city',
    'billing_address',
    'billing_postal_code',
    'os',
    'browser',
    'browser_lang',
    'time_zone',
    'resolution',
    'cookie_new',
    'cookie_old',
    'delivery_firstname',
    'delivery_lastname',
    'delivery_state',
    'delivery_city',
    'delivery_address',
    'delivery_postal_code',
    'device_fingerprint',
    'platform_source',
    'device_type',
    'color_depth',
  ].map((f) => optionalText(f)),
];

/** `rules` with the named fields required (I0059 when missing or empty). */
function requiring(rules: readonly FieldRule[], fields: readonly string[]): FieldRule[] {
  return rules.map((rule) => (fields.includes(rule.field) ? { ...rule, required: rule.required ?? 'I0059' } : rule));
}

/**
 * `/v1/authorise` only (spec 2.2, APM fields), where shopper_ip and website are required too (docs/gateway-evidence.md
 * 7). The enabled-method check (I0092) needs the account: see the route.
 */
export const AUTHORISE_RULES: readonly FieldRule[] = [
  ...requiring(PAYMENT_ORDER_RULES, ['shopper_ip', 'website']),
  { field: 'payment_method', format: 'text', required: 'I0069', max: MAX_LENGTH.payment_method },
  optionalText('delivery_district_name'),
  optionalText('delivery_street_name'),
  optionalText('bank_code'),
  { field: 'person', format: 'object' },
];

/** `/v1/checkout` step 1 only (spec 2.2, checkout fields). */
export const CHECKOUT_RULES: readonly FieldRule[] = [
  ...PAYMENT_ORDER_RULES,
  coded('open3d'),
  coded('token_flag'),
  coded('challenge_window_size'),
  coded('card_type'),
  optionalText('token_id', MAX_LENGTH.token_id),
  ...[
    'session_id',
    'installments',
    'installments_id',
    'order_type',
    'user_agent',
    'screening_token_cookie',
    'price_id',
    'quote_id',
    'quote_price',
    'storefront_domains',
  ].map((f) => optionalText(f)),
  { field: 'checkout_time', format: 'integer' },
  ...['cart_items', 'account_owner', 'total_discount', 'additional_information'].map(
    (field): FieldRule => ({ field, format: 'array' }),
  ),
  { field: 'subscription', format: 'object' },
];

/** Array and object fields, JSON-encoded when a payment order arrives as a form. */
export const PAYMENT_JSON_FIELDS = [
  'person',
  'cart_items',
  'account_owner',
  'total_discount',
  'additional_information',
  'subscription',
] as const;

/** One item of a capture, cancel, review or refund list (spec 2.5). */
export const BATCH_ITEM_RULES: readonly FieldRule[] = [
  { field: 'transaction_id', format: 'text', required: 'I0059', max: 64 },
  { field: 'order_no', format: 'text', required: 'I0017', max: MAX_LENGTH.order_no, tooLong: 'I0018' },
  { field: 'currency', format: 'currency', required: 'I0022', invalid: 'I0023' },
  { field: 'amount', format: 'amount', required: 'I0019', max: MAX_LENGTH.amount, tooLong: 'I0020', invalid: 'I0020' },
];

export const REVIEW_ITEM_RULES: readonly FieldRule[] = [
  ...BATCH_ITEM_RULES,
  { field: 'review_flag', format: { coded: 'review_flag' }, required: 'I0059' },
];

export const REFUND_ITEM_RULES: readonly FieldRule[] = [
  ...BATCH_ITEM_RULES,
  {
    field: 'refund_amount',
    format: 'amount',
    required: 'I0019',
    max: MAX_LENGTH.amount,
    tooLong: 'I0020',
    invalid: 'I0020',
  },
  { field: 'refund_reason', format: 'text', required: 'I0059', max: MAX_LENGTH.refund_reason },
  optionalText('refund_reference', MAX_LENGTH.refund_reference),
];

/** `/v1/payout` (spec 2.7). */
export const PAYOUT_RULES: readonly FieldRule[] = [
  { field: 'request_id', format: 'uuid', required: 'I0059', max: 36 },
  { field: 'payment_currency', format: 'currency', required: 'I0022', invalid: 'I0023' },
  {
    field: 'payment_amount',
    format: 'amount',
    required: 'I0019',
    max: MAX_LENGTH.amount,
    tooLong: 'I0020',
    invalid: 'I0020',
    currencyField: 'payment_currency',
  },
  { field: 'source_currency', format: 'currency', invalid: 'I0023' },
  {
    field: 'source_amount',
    format: 'amountOrZero',
    max: MAX_LENGTH.amount,
    tooLong: 'I0020',
    invalid: 'I0020',
    currencyField: 'source_currency',
  },
  { field: 'beneficiary', format: 'object', required: 'I0059' },
  { field: 'payer', format: 'object' },
  { field: 'payment_date', format: 'isoDate' },
  coded('fee_paid_by'),
  coded('swift_charge_option'),
  optionalText('payment_method', MAX_LENGTH.payment_method),
  optionalText('beneficiary_id', 64),
  optionalText('client_data', 2500),
  optionalText('reason', 255),
  optionalText('reference', 255),
  optionalText('fund_source', 50),
  { field: 'notify_url', format: 'notifyUrl', max: MAX_LENGTH.notify_url },
];
