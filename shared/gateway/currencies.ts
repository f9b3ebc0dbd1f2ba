/**
 * ISO 4217 minor-unit exponents. Every active currency code the gateway may see is listed, so that an unknown
 * code is refused (I0023) instead of being guessed at two decimals.
 */
const ZERO = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const THREE = 'BHD IQD JOD KWD LYD OMR TND';
const FOUR = 'CLF UYW';
const TWO =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE ' +
  'CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD ' +
  'HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU ' +
  'MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG ' +
  'SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VES VED WST ' +
  'XCD YER ZAR ZMW ZWG';

export const CURRENCY_EXPONENT: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries([
    ...ZERO.split(' ').map((c) => [c, 0] as const),
    ...TWO.split(' ').map((c) => [c, 2] as const),
    ...THREE.split(' ').map((c) => [c, 3] as const),
    ...FOUR.split(' ').map((c) => [c, 4] as const),
  ]),
);

export function isCurrency(code: string): boolean {
  return Object.hasOwn(CURRENCY_EXPONENT, code);
}

/** The number of decimals of `currency`; throws on an unknown code so no caller can guess. */
export function exponentOf(currency: string): number {
  const e = CURRENCY_EXPONENT[currency];
  if (e === undefined) throw new RangeError(`unknown currency ${JSON.stringify(currency)}`);
  return e;
}
