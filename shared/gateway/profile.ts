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

export interface GatewayProfile {
  /** the values signed, in order; batch messages then append every item's transaction_id (ITEM_LIST_FIELD) */
  signatures: Readonly<Record<SignedMessage, readonly string[]>>;
  /**
   * the Content-Type header of each call; the JSON documents stay JSON whatever it says (docs/gateway-evidence.md 1)
   */
  contentTypes: Readonly<Record<GatewayCall, ContentType>>;
  /** wire payment_status -> meaning; a code not here is unknown and never acted on automatically */
  statuses: Readonly<Record<string, StatusMeaning>>;
  /** the notify_type values the gateway sends */
  notificationTypes: readonly string[];
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
  notificationTypes: [
    'PAYMENT',
    'REVIEW RESULT',
    'REFUND RECIEVED',
    'REFUND ACCEPTED',
    'REFUND RESULT',
    'DISPUTE RECIEVED',
    'DISPUTE RESULT',
    'CAPTURE RESULT',
    'CANCEL RESULT',
    'PAYOUT',
  ],
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
const INCOMING_FIELDS = [
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

const fieldList = (message: SignedMessage) =>
  z.array(
    z.string().refine((f) => SIGNABLE[message].includes(f), {
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
      z.string().regex(/^[0-9A-Za-z]{1,10}$/, 'a status code is 1 to 10 letters or digits'),
      z.enum(STATUS_MEANINGS, { error: `must be one of ${STATUS_MEANINGS.join(', ')}` }),
    )
    .optional(),
  notificationTypes: z.array(z.string().min(1)).min(1).optional(),
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
  return mergeProfile(base, parsed.data);
}

function mergeProfile(base: GatewayProfile, override: ProfileOverride): GatewayProfile {
  const defined = <T>(o: Partial<Record<string, T | undefined>> | undefined) =>
    Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Record<string, T>;
  return {
    signatures: { ...base.signatures, ...defined(override.signatures) },
    contentTypes: { ...base.contentTypes, ...defined(override.contentTypes) },
    statuses: { ...base.statuses, ...override.statuses },
    notificationTypes: override.notificationTypes ?? base.notificationTypes,
  };
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
