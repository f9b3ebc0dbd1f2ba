/**
 * Which values are signed, in which order (PROTOCOL.md section 3), as one table: changing a field list is a
 * one-line edit here. Pure: builds the string; hashing lives in `hashNode.ts` (Node) so browsers can import this.
 *
 *   encryption_data = lowercase_hex(SHA-256(concat(values with every space removed) + sign_key))
 */
export const SIGNED_FIELDS = {
  query: ['merchant_id', 'account_id'],
  retrievalRefund: ['merchant_id', 'account_id'],
  /** then every item's transaction_id, in list order (see `ITEM_LIST_FIELD`) */
  capture: ['merchant_id', 'account_id'],
  cancel: ['merchant_id', 'account_id'],
  review: ['merchant_id', 'account_id'],
  refund: ['merchant_id', 'account_id'],
  checkout: ['merchant_id', 'account_id', 'order_no', 'currency', 'amount', 'return_url'],
  authorise: ['merchant_id', 'account_id', 'order_no', 'currency', 'amount', 'return_url'],
  checkoutStep2: ['merNo', 'gatewayNo', 'orderNo', 'orderCurrency', 'orderAmount', 'returnUrl'],
  payout: ['merchant_id', 'account_id', 'request_id', 'payment_currency', 'payment_amount'],
  batchResponse: ['merchant_id', 'account_id', 'return_status'],
  payoutResponse: ['merchant_id', 'account_id', 'transaction_id', 'status'],
  notification: ['merchant_id', 'account_id', 'transaction_id', 'order_no', 'currency', 'amount', 'payment_status'],
  returnRedirect: ['merchant_id', 'account_id', 'transaction_id', 'order_no', 'currency', 'amount', 'payment_status'],
} as const satisfies Record<string, readonly string[]>;

export type SignedMessage = keyof typeof SIGNED_FIELDS;

/** For batch messages: the list whose items' transaction_id values are appended after the fixed fields. */
export const ITEM_LIST_FIELD: Partial<Record<SignedMessage, string>> = {
  capture: 'capture_orders',
  cancel: 'cancel_orders',
  review: 'review_orders',
  refund: 'refund_orders',
};

type Message = Readonly<Record<string, unknown>>;

/** The values to sign for `kind`, in order. A missing value counts as the empty string. */
export function signedValues(kind: SignedMessage, message: Message): string[] {
  const values = SIGNED_FIELDS[kind].map((f) => stringValue(message[f]));
  const listField = ITEM_LIST_FIELD[kind];
  if (listField) {
    const list = message[listField];
    if (Array.isArray(list)) {
      for (const item of list) values.push(stringValue((item as Message | null)?.transaction_id));
    }
  }
  return values;
}

/** The exact string that is hashed, before the key is appended: values concatenated, every space removed. */
export function stringToSign(kind: SignedMessage, message: Message): string {
  return signedValues(kind, message).join('').replace(/ /g, '');
}

function stringValue(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}
