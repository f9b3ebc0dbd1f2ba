import { maskFields } from '../gateway/core/maskForLog';

/** 13 to 19 digits, optionally grouped by single spaces or dashes, as card numbers are written. */
const DIGIT_RUN = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g;

/** The Luhn check every card number passes; most other long numbers (ids, timestamps) do not. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card-like numbers in free text shown as `************4242` (the last four stay, as receipts print them). */
export function maskCardNumbers(text: string): string {
  return text.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(/[ -]/g, '');
    return passesLuhn(digits) ? `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` : run;
  });
}

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
