/**
 * Masking for the audit log. The sign key itself never appears in a request; what is masked here is what would
 * let a reader of the log act for the merchant or identify a person: signatures and personal identifiers.
 */
const HIDDEN = new Set(['encryption_data', 'signinfo', 'sign_key', 'signkey', 'password', 'token', 'cvv', 'cvc']);
const LAST_FOUR = new Set([
  'document',
  'document_number',
  'owner_document_number',
  'personal_id_number',
  'account_number',
  'iban',
  'card_number',
  'cardno',
  'token_id',
]);

const MAX_LOGGED_CHARS = 4000;

/** A deep copy of `value` with the sensitive fields masked. */
export function maskFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskFields);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    putField(out, key, maskField(key, fields[key]));
  }
  return out;
}

/** Sets `out[key]` as Object.fromEntries would: an own `__proto__` key stays a key, not the object's prototype. */
export function putField(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/** What each field name is (case-insensitive), remembered: an order has the same few dozen names every time. */
const KIND_OF_NAME = new Map<string, 'hidden' | 'lastFour' | 'other'>();

function kindOf(key: string): 'hidden' | 'lastFour' | 'other' {
  let kind = KIND_OF_NAME.get(key);
  if (kind === undefined) {
    const k = key.toLowerCase();
    kind = HIDDEN.has(k) ? 'hidden' : LAST_FOUR.has(k) ? 'lastFour' : 'other';
    // bounded: names come from our own orders and the gateway's answers, but a JSON answer could hold any
    if (KIND_OF_NAME.size < 10_000) KIND_OF_NAME.set(key, kind);
  }
  return kind;
}

function maskField(key: string, value: unknown): unknown {
  const secret = maskSecretField(key, value);
  if (secret !== NOT_SECRET) return secret;
  if (value === null || typeof value !== 'object') return value;
  return maskFields(value);
}

/** What maskSecretField answers for a field whose name asks for no mask. */
export const NOT_SECRET: unique symbol = Symbol('not secret');

/**
 * The field `key` masked by its name alone (a signature hidden, a document cut to its last four), or NOT_SECRET
 * when its name asks for no mask: for a caller that masks the rest of the value its own way in the same pass.
 */
export function maskSecretField(key: string, value: unknown): unknown {
  const kind = kindOf(key);
  if (kind === 'hidden') return value === undefined || value === '' ? value : '***';
  if (kind === 'lastFour' && typeof value === 'string') return value.length > 4 ? `***${value.slice(-4)}` : '***';
  return NOT_SECRET;
}

/** A response body for the log: JSON and XML masked field by field, HTML only summarised, all truncated. */
export function maskResponseText(text: string, contentType: string): string {
  let out: string;
  if (contentType.includes('html')) {
    out = `[html page, ${text.length} characters]`;
  } else if (contentType.includes('json')) {
    try {
      out = JSON.stringify(maskFields(JSON.parse(text)));
    } catch {
      out = text;
    }
  } else {
    out = text.replace(/<(encryption_data|signInfo)>[^<]*<\/\1>/gi, (_m, tag: string) => `<${tag}>***</${tag}>`);
  }
  return out.length > MAX_LOGGED_CHARS ? `${out.slice(0, MAX_LOGGED_CHARS)}...[${out.length} characters]` : out;
}
