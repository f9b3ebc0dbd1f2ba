import { GatewayError } from './gatewayError';
import type { Fields } from './readFields';

/**
 * Names a direct card payment uses for the card number, security code and expiry (docs/gateway-evidence.md 7: a client
 * of the same API signs "card number, expiry year, expiry month, security code"), and their usual spellings,
 * compared without case, `_` or `-`. The sandbox takes no card data over the API: the shopper types it into the
 * hosted page, so a merchant never handles it.
 */
const CARD_FIELDS = new Set([
  'cardno',
  'cardnumber',
  'cardnum',
  'pan',
  'cvv',
  'cvv2',
  'cvc',
  'cvc2',
  'securitycode',
  'cardcvv',
  'cardcvc',
  'cardsecuritycode',
  'expiry',
  'expirydate',
  'expirymonth',
  'expiryyear',
  'expmonth',
  'expyear',
  'cardexpiry',
  'cardexpirydate',
  'cardexpmonth',
  'cardexpyear',
  'cardexpirymonth',
  'cardexpiryyear',
  'cardexpiremonth',
  'cardexpireyear',
]);

/**
 * Refuses a payment request that carries card data, before anything reads or stores it: the error names the
 * field, never its value.
 */
export function refuseCardData(fields: Fields): void {
  const name = Object.keys(fields).find((key) => CARD_FIELDS.has(key.toLowerCase().replace(/[_-]/g, '')));
  if (name !== undefined) {
    throw new GatewayError(
      'I0059',
      name,
      `${name} is card data, which the gateway does not take in a request: the shopper enters the card on the hosted page (/v1/checkout)`,
    );
  }
}
