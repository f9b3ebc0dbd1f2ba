import { z } from 'zod';
import { CODE_OF_NAME, STATUS_NAME, type PaymentStatus } from './status';

/**
 * The gateway profile (docs/protocol-decisions.md 9): every wire rule the public docs leave to a test account, as ONE
 * table. The sandbox and the backend both take their defaults from `DEFAULT_PROFILE`; a merchant whose account
 * proves a rule different overrides that part with a JSON file (`parseProfile`), without a code change.
 */

/** Every call whose request the profile describes. */
const GATEWAY_CALLS = [
  'checkout',
  'authorise',
  'query',
  'retrievalRefund',
  'capture',
  'cancel',
  'review',
  'refund',
  'payout',
] as const;
type GatewayCall = (typeof GATEWAY_CALLS)[number];

/** The messages that carry an encryption_data computed over a field list (docs/protocol-decisions.md 3). */
const SIGNED_MESSAGES = [
  'query',
  'retrievalRefund',
  'capture',
  'cancel',
  'review',
  'refund',
  'checkout',
  'authorise',
  'checkoutStep2',
  'payout',
  'notification',
  'returnRedirect',
] as const;
export type SignedMessage = (typeof SIGNED_MESSAGES)[number];

const CONTENT_TYPES = ['application/x-www-form-urlencoded', 'application/json'] as const;
type ContentType = (typeof CONTENT_TYPES)[number];

/** The status meanings a code may be given: the backend's names (status.ts). */
type StatusMeaning = (typeof STATUS_NAME)[PaymentStatus];

/** What a notification is about, which decides how the backend confirms it (a query, a refund search). */
const NOTIFICATION_KINDS = ['payment', 'review', 'capture', 'cancel', 'refund', 'dispute', 'payout'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The values the backend reads from a message the gateway sends (a notification, the shopper's return). Each is
 * looked up under the names `incoming.fields` gives it, the first name present winning, so one receiver reads
 * every dialect of the family: this project's (`notify_type`, `payment_status`, `message`) and the published
 * sample schema's (`webhooks_type`, `order_status`, `error_code` with `result_info`, no id and no time).
 */
const INCOMING_VALUES = [
  'id',
  'type',
  'merchantId',
  'accountId',
  'orderNo',
  'transactionId',
  'status',
  'message',
  'code',
  'text',
  'amount',
  'currency',
  'time',
  'refundAmount',
  'refundReference',
  'disputeId',
  'disputeAmount',
  'reasonCode',
  'reason',
  'respondBy',
  'disputeResult',
  'requestId',
] as const;
export type IncomingValue = (typeof INCOMING_VALUES)[number];

/**
 * The values a dialect may lack, whose names list may therefore be empty (`"id": []`): the sample schema's
 * notification has no id, no time and no whole `message`. Every other value names at least one field.
 */
const MAY_BE_ABSENT: readonly IncomingValue[] = [
  'id',
  'time',
  'message',
  'code',
  'text',
  'refundAmount',
  'refundReference',
  'disputeId',
  'disputeAmount',
  'reasonCode',
  'reason',
  'respondBy',
  'disputeResult',
  'requestId',
];

export interface GatewayProfile {
  /** the values signed, in order; batch messages then append every item's transaction_id (ITEM_LIST_FIELD) */
  signatures: Readonly<Record<SignedMessage, readonly string[]>>;
  /**
   * the Content-Type header of each call; the JSON documents stay JSON whatever it says (docs/gateway-evidence.md 1)
   */
  contentTypes: Readonly<Record<GatewayCall, ContentType>>;
  /** wire payment_status -> meaning; a code not here is unknown and never acted on automatically */
  statuses: Readonly<Record<string, StatusMeaning>>;
  /** the notification types the gateway sends, each with what it is about; a type not here is a cue to query */
  notificationTypes: Readonly<Record<string, NotificationKind>>;
  incoming: {
    /**
     * where each value of a notification or return is read: its names, the first one present wins. A gateway
     * (the sandbox) writes each value under the first name; an empty list (MAY_BE_ABSENT values only) says the
     * dialect does not carry that value at all.
     */
    fields: Readonly<Record<IncomingValue, readonly string[]>>;
    /**
     * The kinds whose notification, once its signature verifies, is applied at once; every other notification
     * (and every one that does not verify) only makes the backend ask the gateway, and the answer moves money
     * state. Refund and dispute may be trusted only when their own fields are signed and the notification's
     * signature differs from the return's, so that a shopper's signed return link can never pass for one.
     */
    trusted: readonly NotificationKind[];
  };
  /** how the shopper comes back to return_url: the older engine of the family posts a form */
  returns: { methods: readonly ('GET' | 'POST')[] };
  /**
   * How a refusal looks in a 200 answer (checkout, authorise): an envelope whose `statusField` holds one of
   * `refusedValues`, with the code and text in `messageField` (`I0013:...`). An HTTP error status is a refusal too.
   * `httpStatus` says which of the two the gateway answers: `'error'` (its 4xx, docs/protocol-decisions.md 2) or
   * `200` (the envelope); the backend reads either, the sandbox answers as it says.
   */
  refusals: {
    statusField: string;
    refusedValues: readonly string[];
    messageField: string;
    httpStatus: 'error' | 200;
  };
}

const ORDER_SIGNED = ['merchant_id', 'account_id', 'order_no', 'currency', 'amount', 'return_url'];
const INCOMING_SIGNED = [
  'merchant_id',
  'account_id',
  'transaction_id',
  'order_no',
  'currency',
  'amount',
  'payment_status',
];
const FORM: ContentType = 'application/x-www-form-urlencoded';

/** The decisions of docs/protocol-decisions.md: [docs] where the public pages show them, [ours] otherwise. */
export const DEFAULT_PROFILE: GatewayProfile = {
  signatures: {
    query: ['merchant_id', 'account_id'],
    retrievalRefund: ['merchant_id', 'account_id'],
    capture: ['merchant_id', 'account_id'],
    cancel: ['merchant_id', 'account_id'],
    review: ['merchant_id', 'account_id'],
    refund: ['merchant_id', 'account_id'],
    checkout: ORDER_SIGNED,
    authorise: ORDER_SIGNED,
    checkoutStep2: ['merNo', 'gatewayNo', 'orderNo', 'orderCurrency', 'orderAmount', 'returnUrl'],
    payout: ['merchant_id', 'account_id', 'request_id', 'payment_currency', 'payment_amount'],
    notification: INCOMING_SIGNED,
    returnRedirect: INCOMING_SIGNED,
  },
  // the docs' samples send every call, JSON documents included, with the form content type
  contentTypes: Object.fromEntries(GATEWAY_CALLS.map((c) => [c, FORM])) as Record<GatewayCall, ContentType>,
  statuses: STATUS_NAME,
  notificationTypes: {
    // this project's names (docs/protocol-decisions.md 6), spelled as the docs spell the subscribable ones
    PAYMENT: 'payment',
    'REVIEW RESULT': 'review',
    'REFUND RECIEVED': 'refund',
    'REFUND ACCEPTED': 'refund',
    'REFUND RESULT': 'refund',
    'DISPUTE RECIEVED': 'dispute',
    'DISPUTE RESULT': 'dispute',
    'CAPTURE RESULT': 'capture',
    'CANCEL RESULT': 'cancel',
    PAYOUT: 'payout',
    // the published sample schemas' objects (docs/gateway-evidence.md 8)
    Payment: 'payment',
    Review: 'review',
    Chargeback: 'dispute',
    Refund: 'refund',
    Subscription: 'payment',
  },
  incoming: {
    fields: {
      id: ['notify_id'],
      type: ['notify_type', 'webhooks_type'],
      merchantId: ['merchant_id'],
      accountId: ['account_id'],
      orderNo: ['order_no'],
      transactionId: ['transaction_id'],
      status: ['payment_status', 'order_status'],
      message: ['message'],
      code: ['error_code'],
      text: ['result_info'],
      amount: ['amount'],
      currency: ['currency'],
      time: ['notify_time'],
      refundAmount: ['refund_amount'],
      refundReference: ['refund_reference_id'],
      disputeId: ['dispute_id'],
      disputeAmount: ['dispute_amount'],
      reasonCode: ['reason_code'],
      reason: ['reason', 'chargeback_reason'],
      respondBy: ['respond_by'],
      disputeResult: ['dispute_result'],
      requestId: ['request_id'],
    },
    // a payment's own notification is signed over its status (signatures.notification); a refund's and a
    // dispute's fields are not, so those are confirmed by the refund search and the query first
    trusted: ['payment', 'review', 'capture', 'cancel', 'payout'],
  },
  returns: { methods: ['GET', 'POST'] },
  refusals: { statusField: 'return_status', refusedValues: ['0'], messageField: 'return_message', httpStatus: 'error' },
};

/** For batch messages: the list whose items' transaction_id values are appended after the fixed fields [docs]. */
export const ITEM_LIST_FIELD: Partial<Record<SignedMessage, string>> = {
  capture: 'capture_orders',
  cancel: 'cancel_orders',
  review: 'review_orders',
  refund: 'refund_orders',
};

const PAYMENT_ORDER_FIELDS = [
  'merchant_id',
  'account_id',
  'order_no',
  'currency',
  'amount',
  'item_total',
  'shipping',
  'handling',
  'tax_total',
  'insurance',
  'shipping_discount',
  'discount',
  'website',
  'items',
  'note',
  'shopper_id',
  'shopper_email',
  'shopper_ip',
  'shopper_phone',
  'shopper_level',
  'first_name',
  'last_name',
  'document',
  'birth_date',
  'billing_country',
  'billing_state',
  'billing_city',
  'billing_address',
  'billing_postal_code',
  'return_url',
  'notify_url',
  'custom',
  'payment_method',
  'token_id',
  'open3d',
  'session_id',
  'card_number',
  'card_exp_year',
  'card_exp_month',
  'card_cvv',
  'request_id',
];
const ALIAS_FIELDS = [
  'merNo',
  'gatewayNo',
  'orderNo',
  'orderCurrency',
  'orderAmount',
  'returnUrl',
  'notifyUrl',
  'email',
  'firstName',
  'lastName',
  'shopperId',
];
const PAYOUT_FIELDS = [
  'merchant_id',
  'account_id',
  'request_id',
  'payment_currency',
  'payment_amount',
  'payment_date',
  'payment_method',
  'beneficiary_id',
  'source_amount',
  'source_currency',
  'reference',
  'reason',
];
const INCOMING_FIELDS: readonly string[] = [
  ...INCOMING_SIGNED,
  'notify_id',
  'notify_type',
  'message',
  'refund_amount',
  'refund_reference_id',
  'dispute_id',
  'dispute_amount',
  'reason_code',
  'respond_by',
  'dispute_result',
  'notify_time',
];

/** The fields a signature of each message may name: a typo in an override is refused, not signed as "". */
const SIGNABLE: Record<SignedMessage, readonly string[]> = {
  query: ['merchant_id', 'account_id'],
  retrievalRefund: ['merchant_id', 'account_id'],
  capture: ['merchant_id', 'account_id'],
  cancel: ['merchant_id', 'account_id'],
  review: ['merchant_id', 'account_id'],
  refund: ['merchant_id', 'account_id'],
  checkout: PAYMENT_ORDER_FIELDS,
  authorise: PAYMENT_ORDER_FIELDS,
  checkoutStep2: ALIAS_FIELDS,
  payout: PAYOUT_FIELDS,
  notification: INCOMING_FIELDS,
  returnRedirect: INCOMING_FIELDS,
};

/** A field name of a message the gateway sends: a dialect may use names this project has never seen. */
const WIRE_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/** The messages the gateway writes: their signatures may name any field, not only those of SIGNABLE. */
const INCOMING_MESSAGES: readonly SignedMessage[] = ['notification', 'returnRedirect'];

const fieldList = (message: SignedMessage) =>
  z.array(
    INCOMING_MESSAGES.includes(message)
      ? z.string().regex(WIRE_NAME, 'a field name is a letter then up to 63 letters, digits, _ . or -')
      : z.string().refine((f) => SIGNABLE[message].includes(f), {
          error: (issue) => `unknown field ${JSON.stringify(issue.input)}`,
        }),
  );

const STATUS_MEANINGS = Object.keys(CODE_OF_NAME) as StatusMeaning[];

/** The override file: every key optional, nothing else allowed. */
const profileOverride = z.strictObject({
  signatures: z
    .strictObject(
      Object.fromEntries(SIGNED_MESSAGES.map((m) => [m, fieldList(m).optional()])) as Record<
        SignedMessage,
        z.ZodOptional<ReturnType<typeof fieldList>>
      >,
    )
    .optional(),
  contentTypes: z
    .strictObject(
      Object.fromEntries(GATEWAY_CALLS.map((c) => [c, z.enum(CONTENT_TYPES).optional()])) as Record<
        GatewayCall,
        z.ZodOptional<z.ZodEnum<{ [K in ContentType]: K }>>
      >,
    )
    .optional(),
  statuses: z
    .record(
      // the older engine of the family writes -1 for pending (docs/gateway-evidence.md 8)
      z.string().regex(/^-?[0-9A-Za-z]{1,10}$/, 'a status code is 1 to 10 letters or digits, maybe after a -'),
      z.enum(STATUS_MEANINGS, { error: `must be one of ${STATUS_MEANINGS.join(', ')}` }),
    )
    .optional(),
  // a list keeps the kinds this project knows for its types (an unknown type is about a payment); a record says
  notificationTypes: z
    .union([z.array(z.string().min(1)).min(1), z.record(z.string().min(1), z.enum(NOTIFICATION_KINDS))])
    .optional(),
  incoming: z
    .strictObject({
      fields: z
        .strictObject(
          Object.fromEntries(
            INCOMING_VALUES.map((v) => [
              v,
              z
                .array(z.string().regex(WIRE_NAME, 'not a field name'))
                .min(MAY_BE_ABSENT.includes(v) ? 0 : 1, 'this value is in every message: name at least one field')
                .optional(),
            ]),
          ) as Record<IncomingValue, z.ZodOptional<z.ZodArray<z.ZodString>>>,
        )
        .optional(),
      trusted: z.array(z.enum(NOTIFICATION_KINDS)).optional(),
    })
    .optional(),
  returns: z
    .strictObject({
      methods: z
        .array(z.enum(['GET', 'POST']))
        .min(1)
        .optional(),
    })
    .optional(),
  refusals: z
    .strictObject({
      statusField: z.string().regex(WIRE_NAME, 'not a field name').optional(),
      refusedValues: z.array(z.string().min(1)).min(1).optional(),
      messageField: z.string().regex(WIRE_NAME, 'not a field name').optional(),
      httpStatus: z.union([z.literal('error'), z.literal(200)], { error: 'must be "error" or 200' }).optional(),
    })
    .optional(),
});

type ProfileOverride = z.infer<typeof profileOverride>;

export class ProfileError extends Error {
  override name = 'ProfileError';
}

/**
 * Pure: the profile from the text of an override file, merged over `DEFAULT_PROFILE` key by key (a status code
 * added keeps the others; a field list or content type given replaces that one entry). Throws ProfileError with
 * one line per problem, each naming its key, e.g. `signatures.refund.2: unknown field "foo"`.
 */
export function parseProfile(text: string, base: GatewayProfile = DEFAULT_PROFILE): GatewayProfile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ProfileError(`(file): not JSON: ${(e as Error).message}`);
  }
  const parsed = profileOverride.safeParse(json);
  if (!parsed.success) {
    throw new ProfileError(
      parsed.error.issues
        .map((i) => {
          const path = i.path.map(String).join('.');
          const keys = i.code === 'unrecognized_keys' ? i.keys.map((k) => (path ? `${path}.${k}` : k)) : [];
          return keys.length ? `${keys.join(', ')}: unknown key` : `${path || '(file)'}: ${i.message}`;
        })
        .join('\n'),
    );
  }
  const profile = mergeProfile(base, parsed.data);
  const untrustable = untrustableKinds(profile);
  if (untrustable.length) throw new ProfileError(untrustable.join('\n'));
  return profile;
}

/**
 * A refund or dispute notification applied at once must be one no shopper can forge: its own fields signed, and
 * a signature that differs from the return's (the shopper is handed a signed return link, and could post it to
 * the receiver as any notification type, since the type is not signed).
 */
function untrustableKinds(profile: GatewayProfile): string[] {
  const signed = profile.signatures.notification;
  const sameAsReturn = signed.join(',') === profile.signatures.returnRedirect.join(',');
  const needs: Partial<Record<NotificationKind, IncomingValue[]>> = {
    refund: ['refundReference', 'refundAmount', 'status'],
    dispute: ['disputeId', 'disputeAmount', 'disputeResult'],
  };
  const problems: string[] = [];
  for (const kind of profile.incoming.trusted) {
    const values = needs[kind];
    if (!values) continue;
    const unsigned = values.filter((v) => !profile.incoming.fields[v].some((name) => signed.includes(name)));
    if (sameAsReturn || unsigned.length)
      problems.push(
        `incoming.trusted: ${kind} can be trusted only when signatures.notification differs from ` +
          `signatures.returnRedirect and signs ${values.map((v) => `incoming.fields.${v}`).join(', ')}` +
          (unsigned.length ? ` (unsigned: ${unsigned.join(', ')})` : ' (it is the same list as the return)'),
      );
  }
  return problems;
}

function mergeProfile(base: GatewayProfile, override: ProfileOverride): GatewayProfile {
  const defined = <T>(o: Partial<Record<string, T | undefined>> | undefined) =>
    Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Record<string, T>;
  return {
    signatures: { ...base.signatures, ...defined(override.signatures) },
    contentTypes: { ...base.contentTypes, ...defined(override.contentTypes) },
    statuses: { ...base.statuses, ...override.statuses },
    notificationTypes: Array.isArray(override.notificationTypes)
      ? Object.fromEntries(override.notificationTypes.map((t) => [t, base.notificationTypes[t] ?? 'payment']))
      : (override.notificationTypes ?? base.notificationTypes),
    incoming: {
      fields: { ...base.incoming.fields, ...defined(override.incoming?.fields) },
      trusted: override.incoming?.trusted ?? base.incoming.trusted,
    },
    returns: { methods: override.returns?.methods ?? base.returns.methods },
    refusals: { ...base.refusals, ...defined(override.refusals) },
  };
}

/**
 * The value `name` of an incoming message under the profile's names for it (the first present), or undefined.
 * Reads own properties only, so a field named `__proto__` or `toString` is absent, not inherited.
 */
export function readIncoming(
  profile: GatewayProfile,
  message: Readonly<Record<string, unknown>>,
  name: IncomingValue,
): string | undefined {
  for (const field of profile.incoming.fields[name]) {
    const value = Object.hasOwn(message, field) ? message[field] : undefined;
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

/** What a notification type is about: unknown types are about a payment, which a query settles either way. */
export function kindOfNotification(profile: GatewayProfile, type: string | undefined): NotificationKind {
  return type !== undefined && Object.hasOwn(profile.notificationTypes, type)
    ? (profile.notificationTypes[type] as NotificationKind)
    : 'payment';
}

/**
 * A 200 answer that is a refusal in the profile's envelope (`{"return_status":"0","return_message":"I0013:..."}`):
 * its code and text, or undefined when the answer is not one.
 */
export function readRefusal(
  profile: GatewayProfile,
  body: Readonly<Record<string, unknown>>,
): { code: string; text: string } | undefined {
  const { statusField, refusedValues, messageField } = profile.refusals;
  const status = Object.hasOwn(body, statusField) ? body[statusField] : undefined;
  if (status === undefined || !refusedValues.includes(String(status))) return undefined;
  const message = Object.hasOwn(body, messageField) ? String(body[messageField] ?? '') : '';
  const colon = message.indexOf(':');
  return colon > 0
    ? { code: message.slice(0, colon).trim(), text: message.slice(colon + 1).trim() }
    : { code: message.trim(), text: '' };
}

/** The backend's code for a wire payment_status, or undefined when the profile does not know the code. */
export function toKnownStatus(profile: GatewayProfile, wireCode: string): PaymentStatus | undefined {
  const meaning = Object.hasOwn(profile.statuses, wireCode) ? profile.statuses[wireCode] : undefined;
  return meaning === undefined ? undefined : CODE_OF_NAME[meaning];
}

/**
 * The wire code the profile gives a status, for a gateway (the sandbox) that writes statuses: the code an
 * override added for that meaning when there is one (a merge keeps the default code beside it, and a gateway
 * that says "R" for refunded does not also say 4100), else the default code.
 */
export function toWireStatus(profile: GatewayProfile, status: PaymentStatus): string {
  const meaning = STATUS_NAME[status];
  const codes = Object.keys(profile.statuses).filter((code) => profile.statuses[code] === meaning);
  return codes.find((code) => code !== status) ?? status;
}
