import { DEVICE_FIELDS } from '../checkout';

/**
 * `value` without the shopper's device fields (cookies, fingerprint, IP, browser: server/checkout/buildPaymentOrder.ts
 * DEVICE_FIELDS), at any depth: what the admin API shows a role without a need for them (anyone but an owner) of a
 * payment order or an audit line's detail. Answers whether any was left out.
 */
export function withoutDeviceFields(value: unknown): { value: unknown; hidden: boolean } {
  let hidden = false;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const kept: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (DEVICE_FIELDS.has(k)) hidden = true;
      else kept[k] = walk(x);
    }
    return kept;
  };
  const kept = walk(value);
  return { value: kept, hidden };
}
