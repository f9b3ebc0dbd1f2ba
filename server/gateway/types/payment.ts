import type { Item } from '../../../shared/gateway/items';

type Json = Readonly<Record<string, unknown>>;

/**
 * Fields common to checkout and authorise (docs/gateway-api.md 2.2), without merchant_id, account_id and
 * encryption_data: the client adds and signs those. Amounts are the gateway's decimal strings (shared/gateway/money.ts
 * `toDecimal`).
 */
export interface PaymentOrder {
  order_no: string;
  currency: string;
  amount: string;
  /** signed, so it must not contain `&` (docs/protocol-decisions.md 3) */
  return_url: string;
  /** the merchant site name ("the service" in the spec) */
  website: string;
  notify_url?: string;
  /** the encoded `items` string, or the items to encode with shared/gateway/items.ts */
  items?: string | readonly Item[];
  item_total?: string;
  shipping?: string;
  handling?: string;
  tax_total?: string;
  insurance?: string;
  shipping_discount?: string;
  discount?: string;
  note?: string;
  custom?: string;
  shopper_id?: string;
  shopper_email?: string;
  shopper_ip?: string;
  shopper_phone?: string;
  shopper_level?: string;
  first_name?: string;
  last_name?: string;
  document?: string;
  /** DD-MM-YYYY */
  birth_date?: string;
  billing_country?: string;
  billing_state?: string;
  billing_city?: string;
  billing_address?: string;
  billing_postal_code?: string;
  delivery_firstname?: string;
  delivery_lastname?: string;
  delivery_country?: string;
  delivery_state?: string;
  delivery_city?: string;
  delivery_address?: string;
  delivery_postal_code?: string;
  os?: string;
  browser?: string;
  browser_lang?: string;
  time_zone?: string;
  resolution?: string;
  cookie_new?: string;
  cookie_old?: string;
  device_fingerprint?: string;
  platform_source?: string;
  device_type?: string;
  color_depth?: string;
}

/** `/v1/checkout` step 1: the redirect (iFrame) payment. */
export interface CheckoutOrder extends PaymentOrder {
  open3d?: 'do3DS' | 'no3DS';
  token_flag?: 'YES' | 'NO';
  token_id?: string;
  challenge_window_size?: string;
  session_id?: string;
  installments?: string;
  installments_id?: string;
  order_type?: string;
  /** Unix time, seconds */
  checkout_time?: number;
  user_agent?: string;
  screening_token_cookie?: string;
  cart_items?: readonly Json[];
  account_owner?: readonly Json[];
  total_discount?: readonly Json[];
  additional_information?: readonly Json[];
  price_id?: string;
  quote_id?: string;
  quote_price?: string;
  storefront_domains?: string;
  subscription?: Json;
}

/** `/v1/authorise`: an APM payment. */
export interface AuthoriseOrder extends PaymentOrder {
  payment_method: string;
  delivery_district_name?: string;
  delivery_street_name?: string;
  bank_code?: string;
  person?: Json;
}

/** The `<respon>` of a successful `/v1/authorise` (spec 2.3); every child element by name, as text. */
export interface ApmResult {
  readonly [field: string]: string | undefined;
  merchant_id: string;
  account_id: string;
  order_no: string;
  amount: string;
  currency: string;
  issuer_url: string;
}

export interface AuthoriseResponse {
  /** the address the gateway answered with */
  issuerUrl: string;
  /** where to send the shopper: issuer_url's 3xx Location, or issuer_url itself when it answered 200 */
  redirectUrl: string;
  result: ApmResult;
}

/**
 * The auto-posting form of the checkout loading page (spec 2.4), read out of the gateway's HTML: where it posts
 * and its hidden inputs in page order, values decoded. The backend renders its own page from this, never the
 * gateway's HTML.
 */
export interface CheckoutForm {
  /** absolute URL on the gateway's origin */
  action: string;
  fields: [string, string][];
}
