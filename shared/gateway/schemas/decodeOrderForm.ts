import { JSON_ENCODED_FIELDS } from './paymentOrder';

/**
 * A payment order posted form-urlencoded (PROTOCOL.md 2) -> the object `authoriseRequest`/`checkoutRequest`
 * parse: object and array fields arrive as JSON strings and checkout_time as digits. A value that does not
 * decode is left as it came, so the schema reports that field by name instead of this function guessing.
 */
export function decodeOrderForm(form: Readonly<Record<string, string>>): Record<string, unknown> {
  const order: Record<string, unknown> = { ...form };
  for (const field of JSON_ENCODED_FIELDS) {
    const raw = form[field];
    if (raw === undefined) continue;
    try {
      order[field] = JSON.parse(raw);
    } catch {
      // left as the string: the schema says the field is not an object or list
    }
  }
  const time = form.checkout_time;
  if (time !== undefined && /^\d{1,15}$/.test(time)) order.checkout_time = Number(time);
  return order;
}
