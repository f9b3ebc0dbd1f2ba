/**
 * Outcomes chosen by the card number (docs/architecture.md 7). Any other Luhn-valid number is
 * approved. Numbers are only ever looked at here; the store keeps the last four digits.
 */
export type CardOutcome =
  /** `disputed`: the payment is disputed (and the dispute lost) some time after capture (disputeDue.ts) */
  | { kind: 'approve'; disputed?: true }
  | { kind: 'decline'; message: string }
  | { kind: 'challenge' }
  | { kind: 'review' }
  | { kind: 'pending' };

export const TEST_CARDS: readonly { number: string; outcome: CardOutcome; label: string }[] = [
  { number: '4242424242424242', outcome: { kind: 'approve' }, label: 'approved' },
  {
    number: '4000000000000002',
    outcome: { kind: 'decline', message: '4000:Do not honor' },
    label: 'declined, Do not honor',
  },
  {
    number: '4000000000009995',
    outcome: { kind: 'decline', message: '4001:Insufficient funds' },
    label: 'declined, insufficient funds',
  },
  { number: '4000000000003220', outcome: { kind: 'challenge' }, label: '3-D Secure challenge (open3d=do3DS)' },
  { number: '4000000000000259', outcome: { kind: 'review' }, label: 'approved, held for review' },
  { number: '4000000000000077', outcome: { kind: 'pending' }, label: 'pending, settles to approved later' },
  {
    number: '4000000000002685',
    outcome: { kind: 'approve', disputed: true },
    label: 'approved, disputed after capture',
  },
];

export function cardOutcome(digits: string): CardOutcome {
  return TEST_CARDS.find((c) => c.number === digits)?.outcome ?? { kind: 'approve' };
}

/** Digits only: spaces and dashes, as people type them, are dropped. Returns undefined for anything else. */
export function normaliseCardNumber(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : undefined;
}

/** MM/YY (or MM/YYYY) not before the current month. */
export function isExpiryValid(input: string, now: number): boolean {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!m) return false;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return false;
  const today = new Date(now);
  return year * 12 + month >= today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}
