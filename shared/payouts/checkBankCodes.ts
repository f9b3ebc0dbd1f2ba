import { isValidBIC, isValidIBAN } from 'ibantools';

/**
 * An IBAN as its country defines it: ibantools checks the country's length and pattern as well as the mod-97
 * check digits (mod 97 alone accepted a German IBAN two digits short). Spaces allowed, any case.
 */
export function isIban(value: string): boolean {
  return isValidIBAN(value.replace(/ /g, '').toUpperCase());
}

/** SWIFT / BIC: bank (4 letters), country (2, a real one), location (2), optional branch (3); capitals only. */
export function isBic(value: string): boolean {
  return /^[A-Z0-9]+$/.test(value) && isValidBIC(value);
}
