import { parseGatewayMessage } from '../../shared/gateway/errors';
import type { GatewayProfile, IncomingValue } from '../../shared/gateway/profile';

/** The values of a message the gateway writes: a notification, the shopper's return. */
export type IncomingValues = Partial<Record<IncomingValue, string>>;

/**
 * The order they are written in: the published Chargeback sample's (docs/gateway-evidence.md 8) for the values it
 * has, the others after them, and the type, id and time last (the sample ends with its type). A form's order
 * means nothing to a receiver; it only makes a notification read like the sample.
 */
const WRITE_ORDER: readonly IncomingValue[] = [
  'merchantId',
  'accountId',
  'transactionId',
  'orderNo',
  'amount',
  'currency',
  'status',
  'message',
  'code',
  'text',
  'reason',
  'refundAmount',
  'refundReference',
  'disputeId',
  'disputeAmount',
  'reasonCode',
  'respondBy',
  'disputeResult',
  'requestId',
];
const LAST: readonly IncomingValue[] = ['type', 'id', 'time'];

/**
 * The form fields of a message the gateway writes, in the dialect of the profile (docs/protocol-decisions.md 9):
 * each value under the first name `incoming.fields` gives it, and not at all when the list is empty (the dialect
 * lacks it: the sample schema has no notification id and no time). The message goes whole (`<code>:<text>`) where
 * the profile names a field for it, else split into its code and text (the sample's error_code and result_info).
 * `additions` are the sandbox's own fields, which no profile value names (refund_state, card_brand, ...): written
 * as named, before the type.
 */
export function writeIncoming(
  profile: GatewayProfile,
  values: IncomingValues,
  additions: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const all: IncomingValues = { ...values };
  if (all.message !== undefined && profile.incoming.fields.message.length === 0) {
    const { code, text } = parseGatewayMessage(all.message);
    all.code ??= code;
    all.text ??= text;
  }
  if (profile.incoming.fields.message.length > 0) {
    delete all.code;
    delete all.text;
  }
  const fields: Record<string, string> = {};
  const write = (value: IncomingValue) => {
    const name = profile.incoming.fields[value][0];
    const v = all[value];
    if (name !== undefined && v !== undefined) fields[name] = v;
  };
  for (const value of WRITE_ORDER) write(value);
  Object.assign(fields, additions);
  for (const value of LAST) write(value);
  return fields;
}
