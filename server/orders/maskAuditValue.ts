import { maskFields } from '../gateway';
import { maskCardNumbers } from '../maskCardNumbers';

/**
 * An audit record as the owner may see it: secret and personal fields masked by name (the gateway client's
 * rules, applied again in case a record came from elsewhere) and card-like numbers masked in every string.
 */
export function maskAuditValue(value: unknown): unknown {
  const masked = maskFields(value);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return maskCardNumbers(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(masked);
}
