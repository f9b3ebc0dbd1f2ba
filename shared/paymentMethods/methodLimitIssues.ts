import { exponentOf } from '../gateway/currencies';
import { isAmount, toMinor } from '../gateway/money';

/** What a method's amount limits are checked on: its currencies and its decimal-string limits. */
export interface MethodLimits {
  currencies: readonly string[];
  min_amount?: string | undefined;
  max_amount?: string | undefined;
}

/**
 * Why a method's limits cannot be kept, per field; empty when they can. One rule for the server's save
 * (PUT /admin/api/payment-methods) and the admin page's preview, so the preview never offers a method for an
 * amount that Save then refuses: a limit is an amount in the units of the method's currencies, so it needs
 * currencies, all with the same number of decimals, and must be written in them.
 */
export function methodLimitIssues(m: MethodLimits): { field: 'min_amount' | 'max_amount'; message: string }[] {
  const limits = (['min_amount', 'max_amount'] as const).filter((k) => m[k] !== undefined);
  if (limits.length === 0) return [];
  const exponents = new Set(m.currencies.map(exponentOf));
  if (m.currencies.length === 0 || exponents.size > 1)
    return limits.map((field) => ({
      field,
      message: "needs the method's currencies, all with the same number of decimals (the limit is in their units)",
    }));
  const currency = m.currencies[0]!;
  const issues = limits
    .filter((k) => !isAmount(m[k]!, currency))
    .map((field) => ({
      field,
      message: `must be an amount in ${currency}, e.g. "${isAmount('10', currency) ? '10' : '10.00'}"`,
    }));
  if (
    issues.length === 0 &&
    m.min_amount &&
    m.max_amount &&
    toMinor(m.min_amount, currency) > toMinor(m.max_amount, currency)
  )
    issues.push({ field: 'max_amount', message: 'must not be less than min_amount' });
  return issues;
}
