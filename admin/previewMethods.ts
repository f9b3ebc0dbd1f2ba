import { isAmount, toMinor } from '../shared/gateway/money';
import { methodLimitIssues } from '../shared/paymentMethods/methodLimitIssues';
import type { PaymentMethod } from './api/client';

export interface Shopper {
  country: string;
  amount: string;
  currency: string;
}

/**
 * The methods a shopper would be offered, in the order they would see them: enabled, allowed for their country
 * and currency (an empty list allows all), and with the amount inside the method's limits. The limits follow
 * Save's rule (shared methodLimitIssues): a method whose limits Save would refuse is not offered, and valid
 * limits are compared in minor units.
 */
export function previewMethods(methods: readonly PaymentMethod[], shopper: Shopper): PaymentMethod[] {
  const amount = isAmount(shopper.amount, shopper.currency) ? toMinor(shopper.amount, shopper.currency) : undefined;
  const within = (limit: string | undefined, test: (l: number) => boolean) =>
    !limit || amount === undefined || !isAmount(limit, shopper.currency) || test(toMinor(limit, shopper.currency));
  return methods
    .filter((m) => m.enabled && methodLimitIssues(m).length === 0)
    .filter((m) => m.countries.length === 0 || m.countries.includes(shopper.country))
    .filter((m) => m.currencies.length === 0 || m.currencies.includes(shopper.currency))
    .filter((m) => within(m.min_amount, (min) => amount! >= min) && within(m.max_amount, (max) => amount! <= max))
    .slice()
    .sort((a, b) => a.sort - b.sort);
}
