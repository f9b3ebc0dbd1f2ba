/**
 * Why a payment failed, in the few words a shopper can act on. The gateway says `<code>:<text>`
 * (docs/protocol-decisions.md 6) and publishes no catalogue of decline codes (docs/gateway-evidence.md 6), so a reason
 * is read from the code where we know it, then from the text's words, then from the code's family. The shopper reads a
 * translated sentence per reason; the shop's logs get the code.
 */
export const DECLINE_REASONS = [
  'declined',
  'insufficient_funds',
  'expired_card',
  'risk',
  'authentication',
  'invalid_card',
  'try_another_method',
  'cancelled',
  'technical',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** Codes whose meaning we have seen (the sandbox's test cards and issuer page, the input codes of section 5). */
const BY_CODE: Record<string, DeclineReason> = {
  '4001': 'insufficient_funds',
  '4002': 'authentication',
  I0069: 'try_another_method', // payment_method empty
  I0092: 'try_another_method', // payment method unknown
  I0023: 'try_another_method', // currency not offered
};

/** Words of a gateway's text, for codes we have not seen; the first that matches wins. */
const BY_TEXT: readonly [RegExp, DeclineReason][] = [
  [/insufficient|not enough|funds/i, 'insufficient_funds'],
  [/expired card|card (has )?expired|card expir|expiry|expiration date/i, 'expired_card'],
  [/fraud|risk|suspect|stolen|lost card|review|blacklist|blocked/i, 'risk'],
  [/3-?d|secure|authenticat|challenge|\bsca\b/i, 'authentication'],
  [
    /invalid (card|number|cvv|cvc|pan)|card number|cvv|cvc|incorrect (card|number)|wrong (card|number)/i,
    'invalid_card',
  ],
  [/not supported|not allowed|not permitted|restricted|unsupported/i, 'try_another_method'],
  [/cancel/i, 'cancelled'],
];

/** `4000:Do not honor` -> `4000`; anything not shaped like a gateway code (`not sent: ...`) -> undefined. */
export function gatewayCodeOf(message: string | undefined): string | undefined {
  const m = /^([A-Z]?\d{4}):/.exec(message ?? '');
  return m?.[1];
}

/** The reason a failed payment's message gives, and its gateway code when it has one. */
export function declineReasonOf(message: string | undefined): { reason: DeclineReason; code?: string } {
  const code = gatewayCodeOf(message);
  const known = code && Object.hasOwn(BY_CODE, code) ? BY_CODE[code] : undefined;
  const text = code ? message!.slice(code.length + 1) : '';
  const reason =
    known ??
    BY_TEXT.find(([words]) => words.test(text))?.[1] ??
    (code?.startsWith('4') ? 'declined' : code?.startsWith('5') ? 'cancelled' : 'technical');
  return code ? { reason, code } : { reason };
}
