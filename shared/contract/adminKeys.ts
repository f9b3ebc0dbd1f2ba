/**
 * The admin API's API keys and the support role's refund limit (#22), as the server answers them and the admin
 * page and the command line read them. A key's secret appears in one answer only: the one that created it.
 */

/** A key as `GET /admin/api/keys` lists it: never its secret or its hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  /** owner, finance, support, viewer, or shop (the shop's own server) */
  role: string;
  /** `ck_<role>_<8 characters>`: how the key is recognised, and its actor in the audit log (`key:<prefix>`) */
  prefix: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** `POST /admin/api/keys` -> 201: the key itself, shown this once. */
export interface CreatedApiKey extends ApiKeyView {
  key: string;
}

/** `GET`/`PUT /admin/api/settings/support-refund-limit`: per currency; a currency not listed is not refundable by support. */
export interface SupportRefundLimits {
  limits: { currency: string; amount: string }[];
}

/**
 * `GET`/`PUT /admin/api/settings/double-payment-refund`: whether the extra payment of a double payment (a late
 * APM payment after the shopper paid another way) is refunded automatically, `delay_minutes` after it is found.
 */
export interface DoublePaymentRefundSetting {
  auto: boolean;
  delay_minutes: number;
}

/** `GET /admin/api/keys`: every key, revoked ones too. */
export interface ApiKeyList {
  keys: ApiKeyView[];
}
