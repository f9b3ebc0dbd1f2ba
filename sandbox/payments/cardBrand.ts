/**
 * The card's brand from its number's prefix (IIN ranges), named as the card_type values of docs/protocol-decisions.md
 * 1. Only the brands that list names are told apart; anything else is "Card".
 */
const BRANDS: readonly [RegExp, string][] = [
  [/^4/, 'Visa'],
  [/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/, 'Mastercard'],
  [/^3[47]/, 'Amex'],
  [/^35(2[89]|[3-8]\d)/, 'JCB'],
  [/^3(0[0-5]|[689])/, 'Diners'],
  [/^(5[06-9]|6\d)/, 'Maestro'],
];

export function cardBrand(digits: string): string {
  return BRANDS.find(([prefix]) => prefix.test(digits))?.[1] ?? 'Card';
}
