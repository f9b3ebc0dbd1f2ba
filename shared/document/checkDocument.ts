const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Why a shopper's document number is not one of `country`'s, or undefined when it is (or when no rule for the
 * country is known: then any text is taken). Brazil: a CPF (11 digits) or a CNPJ (14 digits) whose two check
 * digits are right, typed with or without the usual dots, slash and dash. Shared by the widget (its message) and
 * the backend (its 400), so both refuse the same numbers.
 */
export function checkDocument(document: string, country: string | undefined): 'invalid_br' | undefined {
  if (country !== 'BR') return undefined;
  if (!/^[\d./ -]+$/.test(document)) return 'invalid_br';
  const digits = document.replace(/\D/g, '');
  const weights = digits.length === 11 ? CPF_WEIGHTS : digits.length === 14 ? CNPJ_WEIGHTS : undefined;
  return weights && checkDigitsOk(digits, weights) ? undefined : 'invalid_br';
}

/**
 * The mod-11 check of CPF and CNPJ: the first check digit is computed from the digits before it with the weights
 * but the first, the second from those and the first check digit with all the weights. A number of one repeated
 * digit passes the arithmetic but is never issued, so it is refused.
 */
function checkDigitsOk(digits: string, weights: readonly number[]): boolean {
  if (/^(\d)\1+$/.test(digits)) return false;
  const n = digits.split('').map(Number);
  const check = (w: readonly number[]) => {
    const rest = w.reduce((sum, weight, i) => sum + n[i]! * weight, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const size = weights.length - 1;
  return check(weights.slice(1)) === n[size] && check(weights) === n[size + 1];
}
