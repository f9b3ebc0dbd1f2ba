/**
 * How a message's signed string is built (docs/protocol-decisions.md 3); which values, in which order, is the gateway
 * profile's `signatures` table (profile.ts). Pure: builds the string; hashing lives in `hashNode.ts` (Node) so
 * browsers can import this.
 *
 *   encryption_data = lowercase_hex(SHA-256(concat(values with every space removed) + sign_key))
 */
import { DEFAULT_PROFILE, type GatewayProfile, ITEM_LIST_FIELD, type SignedMessage } from './profile';

export type { SignedMessage } from './profile';

type Message = Readonly<Record<string, unknown>>;

/** The values to sign for `kind`, in order. A missing value counts as the empty string. */
function signedValues(kind: SignedMessage, message: Message, profile = DEFAULT_PROFILE): string[] {
  const values = profile.signatures[kind].map((f) => stringValue(message[f]));
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
export function stringToSign(kind: SignedMessage, message: Message, profile: GatewayProfile = DEFAULT_PROFILE): string {
  return signedValues(kind, message, profile).join('').replace(/ /g, '');
}

function stringValue(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}
