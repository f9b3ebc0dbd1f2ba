import type { Db } from '../store';

/**
 * The tables behind the payment order's extra sources (migration 004): what the shop's server said about a
 * session beyond the money, the installment plans of each method, the card tokens kept per shopper, and the
 * order each attempt sent. Kept beside schema.ts's `Database` and joined to it with Kysely's `withTables`, so
 * these repositories read like every other one.
 */
interface SessionExtrasTable {
  session_id: string;
  /** JSON: SessionExtras (website, account_owner, subscription, ...) as the shop sent them */
  extras: string;
  created_at: string;
}

interface MethodOptionsTable {
  method_id: string;
  /** JSON array of {count, id}: the installment plans the method offers, or null for none */
  installment_plans: string | null;
  updated_at: string;
}

export interface SavedCardTable {
  /** our reference, the only one the browser sees */
  id: string;
  shopper_id: string;
  /**
   * HMAC of the gateway's stored-card token (docs/gateway-api.md 2.2 token_id): unique, so a token belongs to one
   * shopper
   */
  token_hash: string | null;
  /** the token sealed with AES-256-GCM (cardTokenSeal.ts); opened only to pay with it */
  token_sealed: string | null;
  /** a token saved before migration 007, in clear until the next start seals it (sealLegacyCardTokens) */
  legacy_token: string | null;
  /** e.g. "Visa •••• 4242", when the gateway said */
  label: string | null;
  /** the attempt whose payment saved it */
  attempt_id: string | null;
  created_at: string;
  /** when a payment with it last went through (migration 010); the widget lists the last used first */
  last_used_at: string | null;
}

interface AttemptOrderTable {
  attempt_id: string;
  /** JSON: the payment order as sent to the gateway, personal identifiers and tokens masked */
  sent: string;
  /** "YES" when the shopper asked to save the card with this payment */
  token_flag: string | null;
  /** the saved card this payment was made with (migration 010), our id */
  saved_card_id: string | null;
  /** JSON: the gateway's subscription_result (query record), once it gave one */
  subscription_result: string | null;
  created_at: string;
  updated_at: string;
}

// a type, not an interface: withTables wants an index-signature-compatible record
export type PaymentOrderTables = {
  session_extras: SessionExtrasTable;
  method_options: MethodOptionsTable;
  saved_cards: SavedCardTable;
  attempt_orders: AttemptOrderTable;
};

/** `db` (or a transaction) with the tables of migration 004 known to the type checker. */
export function withPaymentOrderTables(db: Db) {
  return db.withTables<PaymentOrderTables>();
}
