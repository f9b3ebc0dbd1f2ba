import { verify } from '../../../shared/gateway/hashNode';
import {
  type GatewayProfile,
  type IncomingValue,
  type NotificationKind,
  parseProfile,
  ProfileError,
} from '../../../shared/gateway/profile';

/** The override entries that would make the profile read and verify a notification (docs/protocol-decisions.md 9). */
export interface ProfileSuggestion {
  signatures?: { notification: string[] };
  incoming?: { fields: Partial<Record<IncomingValue, string[]>> };
  notificationTypes?: Record<string, NotificationKind>;
}

export interface NotificationReading {
  /** the profile reads everything the backend needs from it, and its signature verifies */
  ok: boolean;
  /** the fields with their values masked, then one line per finding, `✓`, `✗` or `–` */
  lines: string[];
  /** what to add to GATEWAY_PROFILE_FILE; empty when nothing would help or nothing is needed */
  suggestion: ProfileSuggestion;
}

export interface NotificationAccount {
  merchantId: string;
  accountId: string;
  /** SIGN_KEY, then SIGN_KEYS_PREVIOUS */
  signKeys: readonly string[];
}

/** The values read for every notification, and per kind the ones the backend needs to act on it. */
const ALWAYS: readonly IncomingValue[] = ['type', 'merchantId', 'accountId', 'orderNo'];
const NEEDED: Record<NotificationKind, readonly IncomingValue[]> = {
  payment: ['transactionId', 'status', 'amount', 'currency'],
  review: ['transactionId', 'status', 'amount', 'currency'],
  capture: ['transactionId', 'status', 'amount', 'currency'],
  cancel: ['transactionId', 'status', 'amount', 'currency'],
  refund: ['transactionId', 'refundReference'],
  dispute: ['disputeId'],
  payout: ['status'],
};
/** Coded values, shown as they are; every other value is masked. */
const SHOWN: readonly IncomingValue[] = ['type', 'status', 'code', 'currency', 'amount', 'merchantId', 'accountId'];
const SIGNATURE_FIELD = 'encryption_data';

/** What a field name the profile does not read probably holds, by its name (`order_status` is a status). */
const GUESSES: readonly [RegExp, IncomingValue][] = [
  [/^(notify|notification|event|webhooks?|message)_?id$/i, 'id'],
  [/refund.*ref/i, 'refundReference'],
  [/refund.*amount/i, 'refundAmount'],
  [/(dispute|chargeback).*id$/i, 'disputeId'],
  [/(dispute|chargeback).*amount/i, 'disputeAmount'],
  [/type$/i, 'type'],
  [/status$/i, 'status'],
  [/^(trade|trans(action)?)_?(id|no)$/i, 'transactionId'],
  [/^order_?(no|number|id)$/i, 'orderNo'],
  [/currency$/i, 'currency'],
  [/amount$/i, 'amount'],
  [/(time|date)$/i, 'time'],
  [/code$/i, 'code'],
  [/(info|msg|message|desc|description)$/i, 'text'],
];

/** What a notification type is probably about, by its name. */
const KIND_GUESSES: readonly [RegExp, NotificationKind][] = [
  [/refund/i, 'refund'],
  [/dispute|chargeback/i, 'dispute'],
  [/review/i, 'review'],
  [/capture/i, 'capture'],
  [/cancel|void/i, 'cancel'],
  [/payout/i, 'payout'],
];

/**
 * How the backend would take one notification as it arrived (`gateway check --watch`): which of its fields the
 * profile reads (`incoming.fields`, the first name present winning), what its type is about (`notificationTypes`),
 * what its status means (`statuses`), whether its signature verifies (`signatures.notification`), and, when the
 * profile falls short, the override lines that would make it read and verify it: field names guessed from the
 * names seen (`order_status` holds a status), and the signature tried over likely field lists (the profile's with
 * the names seen, in the profile's order and in the order received, and every field as received). Pure.
 */
export function readNotification(
  profile: GatewayProfile,
  account: NotificationAccount,
  form: Readonly<Record<string, string>>,
): NotificationReading {
  const values = Object.keys(profile.incoming.fields) as IncomingValue[];
  const names = Object.keys(form);
  /** the field each value is read from (absent: none of its names is present with a value) */
  const readFrom = new Map<IncomingValue, string>();
  for (const v of values) {
    // as readIncoming reads it: the first of its names present with a value
    const name = profile.incoming.fields[v].find((n) => Object.hasOwn(form, n) && form[n] !== '');
    if (name) readFrom.set(v, name);
  }
  const known = new Set(values.flatMap((v) => profile.incoming.fields[v]));
  const unread = names.filter((n) => n !== SIGNATURE_FIELD && !known.has(n));
  /** unread fields that probably hold a value the profile finds nowhere else */
  const guessed = new Map<IncomingValue, string>();
  for (const name of unread) {
    const value = GUESSES.find(([pattern]) => pattern.test(name))?.[1];
    if (value && !readFrom.has(value) && !guessed.has(value) && form[name] !== '') guessed.set(value, name);
  }
  const field = (v: IncomingValue) => readFrom.get(v) ?? guessed.get(v);
  const valueIn = (v: IncomingValue) => {
    const name = field(v);
    return name === undefined ? undefined : form[name];
  };

  const lines: string[] = [];
  const width = Math.max(...names.map((n) => n.length), 8);
  const role = new Map<string, string>();
  for (const [v, n] of readFrom) role.set(n, `read as ${v}`);
  for (const [v, n] of guessed) role.set(n, `not read (probably ${v}: incoming.fields.${v})`);
  role.set(SIGNATURE_FIELD, 'the signature');
  const shown = new Set(SHOWN.map(field).filter((n): n is string => n !== undefined));
  for (const name of names) {
    const value = form[name] ?? '';
    const text = shown.has(name) ? JSON.stringify(value) : mask(value);
    lines.push(`  ${name.padEnd(width)}  ${text.padEnd(24)}  ${role.get(name) ?? 'not read'}`);
  }

  const suggestion: ProfileSuggestion = {};
  const addField = (v: IncomingValue, name: string) => {
    suggestion.incoming ??= { fields: {} };
    suggestion.incoming.fields[v] = [...profile.incoming.fields[v], name];
  };
  let ok = true;
  const fail = (line: string) => {
    ok = false;
    lines.push(`✗ ${line}`);
  };

  // what it is about
  const type = valueIn('type');
  let kind: NotificationKind = 'payment';
  if (type === undefined) {
    fail(
      `type: none of incoming.fields.type (${profile.incoming.fields.type.join(', ')}) is present: the backend cannot tell what it is about`,
    );
  } else {
    if (!readFrom.has('type')) {
      addField('type', guessed.get('type')!);
      fail(
        `type: read from none of incoming.fields.type (${profile.incoming.fields.type.join(', ')}); probably ${field('type')}`,
      );
    }
    if (Object.hasOwn(profile.notificationTypes, type)) {
      kind = profile.notificationTypes[type]!;
      if (readFrom.has('type'))
        lines.push(`✓ type: ${field('type')} ${JSON.stringify(type)} is a ${kind} notification (notificationTypes)`);
    } else {
      kind = KIND_GUESSES.find(([pattern]) => pattern.test(type))?.[1] ?? 'payment';
      suggestion.notificationTypes = { ...profile.notificationTypes, [type]: kind };
      fail(
        `type: ${field('type')} ${JSON.stringify(type)} is not in notificationTypes: the backend only queries its order; add it with what it is about (probably ${kind})`,
      );
    }
  }

  // the values the backend needs for that kind
  for (const v of [...ALWAYS.filter((x) => x !== 'type'), ...NEEDED[kind]]) {
    if (readFrom.has(v)) continue;
    const name = guessed.get(v);
    if (name) {
      addField(v, name);
      fail(`${v}: read from none of incoming.fields.${v} (${profile.incoming.fields[v].join(', ')}); probably ${name}`);
    } else fail(`${v}: none of incoming.fields.${v} (${profile.incoming.fields[v].join(', ')}) is present`);
  }
  const missingAbout = (['id', 'time'] as const).filter((v) => !field(v));
  if (missingAbout.length)
    lines.push(
      `– ${missingAbout.map((v) => `${v} (incoming.fields.${v}: ${profile.incoming.fields[v].join(', ')})`).join(', ')}: not present`,
    );
  const readLine = [...readFrom.keys()].filter((v) => v !== 'type').map((v) => `${v} <- ${readFrom.get(v)}`);
  if (readLine.length) lines.push(`✓ read: ${readLine.join(', ')} (incoming.fields)`);

  // what its status means
  const status = valueIn('status');
  if (status !== undefined && NEEDED[kind].includes('status')) {
    if (Object.hasOwn(profile.statuses, status))
      lines.push(`✓ status: ${field('status')} ${JSON.stringify(status)} means ${profile.statuses[status]} (statuses)`);
    else
      fail(
        `status: ${field('status')} ${JSON.stringify(status)} is not in statuses: add it with its meaning, e.g. "statuses": {${JSON.stringify(status)}: "paid"} (one of pending, authorised, paid, partially_refunded, refunded, declined, cancelled, review)`,
      );
  }

  // whose it is
  const merchant = valueIn('merchantId');
  const acc = valueIn('accountId');
  if ((merchant !== undefined && merchant !== account.merchantId) || (acc !== undefined && acc !== account.accountId))
    fail(
      `account: it names merchant ${JSON.stringify(merchant)}, account ${JSON.stringify(acc)}, not this backend's: check MERCHANT_ID and ACCOUNT_ID`,
    );

  // its signature
  const current = profile.signatures.notification;
  const verifies = (list: readonly string[]) =>
    verify('notification', form, form[SIGNATURE_FIELD], account.signKeys, {
      ...profile,
      signatures: { ...profile.signatures, notification: list },
    });
  if (!form[SIGNATURE_FIELD]) {
    fail(
      `signature: no ${SIGNATURE_FIELD} field: the backend refuses it (no profile key names the signature's field; report the field the gateway uses)`,
    );
  } else if (verifies(current)) {
    lines.push(`✓ signature: verifies over signatures.notification (${current.join(', ')})`);
  } else {
    const found = signatureCandidates(current, profile, form, field).find((list) => verifies(list));
    if (found) {
      suggestion.signatures = { notification: found };
      fail(
        `signature: does not verify over signatures.notification (${current.join(', ')}); it does over (${found.join(', ')}): set signatures.notification to that list`,
      );
    } else {
      fail(
        `signature: does not verify over signatures.notification (${current.join(', ')}), nor over the other lists tried: check SIGN_KEY (and SIGN_KEYS_PREVIOUS), or ask the gateway which fields it signs and set signatures.notification`,
      );
    }
  }

  // the lines must be ones the profile loader takes
  if (Object.keys(suggestion).length) {
    try {
      parseProfile(JSON.stringify(suggestion), profile);
    } catch (e) {
      if (!(e instanceof ProfileError)) throw e;
      lines.push(`– no profile lines suggested: ${e.message.replace(/\n/g, '; ')}`);
      return { ok, lines, suggestion: {} };
    }
  }
  return { ok, lines, suggestion };
}

/**
 * Field lists the gateway may sign a notification over, most likely first: the profile's with each name it
 * misses replaced by the name this notification uses for the same value (`payment_status` -> `order_status`), in
 * the profile's order, then in the order received, then without the names absent; then every field as received.
 */
function signatureCandidates(
  current: readonly string[],
  profile: GatewayProfile,
  form: Readonly<Record<string, string>>,
  field: (v: IncomingValue) => string | undefined,
): string[][] {
  const values = Object.keys(profile.incoming.fields) as IncomingValue[];
  const renamed = current.map((name) => {
    if (Object.hasOwn(form, name)) return name;
    const v = values.find((x) => profile.incoming.fields[x].includes(name));
    return (v && field(v)) ?? name;
  });
  const order = Object.keys(form);
  const present = renamed.filter((n) => Object.hasOwn(form, n));
  const received = [...present].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const all = order.filter((n) => n !== SIGNATURE_FIELD);
  const seen = new Set<string>([current.join(',')]);
  return [renamed, received, present, all].filter((list) => {
    const key = list.join(',');
    if (list.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A value as `ab…yz (19 chars)`: enough to recognise it, not to copy it. */
function mask(value: string): string {
  if (value === '') return '""';
  if (value.length <= 4) return `${'*'.repeat(value.length)} (${value.length} chars)`;
  return `${value.slice(0, 2)}…${value.slice(-2)} (${value.length} chars)`;
}
