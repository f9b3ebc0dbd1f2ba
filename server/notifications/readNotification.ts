import { createHash } from 'node:crypto';
import {
  type GatewayProfile,
  type IncomingValue,
  type NotificationKind,
  kindOfNotification,
  readIncoming,
} from '../../shared/gateway/profile';

/** Fields read of one notification: a gateway's are about 20 (the published Chargeback sample has 25). */
const MAX_FIELDS = 80;

/**
 * The fields of a notification as posted, form or JSON (docs/protocol-decisions.md 6): a form's repeated field keeps
 * its first value (a second copy cannot override what was signed); a JSON object's strings and finite numbers,
 * each as text (objects such as the sample's `card` are not signed values and are skipped). Anything else, or a
 * body that is neither, gives `undefined`. The body was already cut to the receiver's limit (server/app.ts).
 */
export function readNotificationBody(contentType: string, body: string): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  const add = (name: string, value: string) => {
    if (Object.keys(fields).length < MAX_FIELDS && !Object.hasOwn(fields, name)) fields[name] = value;
  };
  const trimmed = body.trim();
  if (/\bjson\b/i.test(contentType) || (!/form-urlencoded/i.test(contentType) && trimmed.startsWith('{'))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return undefined;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof value === 'string') add(name, value);
      else if (typeof value === 'number' && Number.isFinite(value)) add(name, String(value));
    }
    return fields;
  }
  for (const [name, value] of new URLSearchParams(body)) add(name, value);
  return fields;
}

/** What the backend reads of a notification, in this project's names whatever the dialect. */
export interface Notification {
  /** the dedupe key: `id:<notify id>`, or `sha256:<hash of the fields>` when it carries no id */
  key: string;
  /** its notify id, or the key when it has none */
  id: string;
  type: string;
  /** what it is about (profile.notificationTypes; an unknown type: `payment`) */
  kind: NotificationKind;
  /** false when the profile does not list its type */
  knownType: boolean;
  orderNo: string;
  /**
   * The fields as received, with each value the profile names written again under this project's name
   * (notify_type, payment_status, message, ...), for the code that applies a trusted notification.
   */
  form: Record<string, string>;
}

/** This project's name for each value the backend reads (docs/protocol-decisions.md 6). */
const OUR_NAMES: Partial<Record<IncomingValue, string>> = {
  type: 'notify_type',
  merchantId: 'merchant_id',
  accountId: 'account_id',
  orderNo: 'order_no',
  transactionId: 'transaction_id',
  status: 'payment_status',
  amount: 'amount',
  currency: 'currency',
  refundAmount: 'refund_amount',
  refundReference: 'refund_reference_id',
  disputeId: 'dispute_id',
  disputeAmount: 'dispute_amount',
  reasonCode: 'reason_code',
  reason: 'reason',
  respondBy: 'respond_by',
  disputeResult: 'dispute_result',
  requestId: 'request_id',
};

/** The longest notify id kept as a key as it is; a longer one is hashed (the key column is 100 characters). */
const MAX_ID_CHARS = 64;

/** Reads a notification's values under the profile's names (`readIncoming`), and its dedupe key. */
export function readNotification(profile: GatewayProfile, fields: Readonly<Record<string, string>>): Notification {
  const form: Record<string, string> = { ...fields };
  for (const [value, ours] of Object.entries(OUR_NAMES) as [IncomingValue, string][]) {
    const v = readIncoming(profile, fields, value);
    if (v !== undefined) form[ours] = v;
  }
  const code = readIncoming(profile, fields, 'code');
  const text = readIncoming(profile, fields, 'text');
  const message =
    readIncoming(profile, fields, 'message') ?? (code || text ? `${code ?? ''}:${text ?? ''}` : undefined);
  if (message !== undefined) form.message = message;
  const id = readIncoming(profile, fields, 'id');
  const key = id && id.length <= MAX_ID_CHARS ? `id:${id}` : `sha256:${hashFields(id ? { notify_id: id } : fields)}`;
  if (id) form.notify_id = id;
  const type = readIncoming(profile, fields, 'type') ?? '';
  return {
    key,
    id: id ?? key,
    type,
    kind: kindOfNotification(profile, type),
    knownType: Object.hasOwn(profile.notificationTypes, type),
    orderNo: readIncoming(profile, fields, 'orderNo') ?? '',
    form,
  };
}

/** The fields' content, whatever their order: the same notification delivered again has the same hash. */
function hashFields(fields: Readonly<Record<string, string>>): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}
