import { toDecimal } from '../../shared/gateway/money';
import type { Principal } from '../team';
import { can } from '../../shared/contract/roles';
import type { AppDeps } from '../deps';
import { supportRefundLimits } from './supportRefundLimits';

/** The most one refund of `role` may be, per currency in minor units; a currency not in it cannot be refunded. */
export interface RefundLimit {
  role: string;
  perCurrency: ReadonlyMap<string, number>;
}

/**
 * The refund limit that holds for this principal: none for a role that may refund any amount (owner, finance),
 * the owner's support refund limit for the others (support), read once per request.
 */
export async function refundLimitFor(deps: AppDeps, principal: Principal): Promise<RefundLimit | undefined> {
  if (can(principal.role, 'orders.refund_any_amount')) return undefined;
  return { role: principal.role, perCurrency: await supportRefundLimits(deps.store.db) };
}

/**
 * Why a refund of `minor` in `currency` is over the limit, naming the limit; undefined when it is within. The
 * whole amount of the one refund counts (a full refund is what is left to refund), whatever was refunded before:
 * the limit is per refund, as the owner set it.
 */
export function overRefundLimit(limit: RefundLimit | undefined, minor: number, currency: string): string | undefined {
  if (!limit) return undefined;
  const max = limit.perCurrency.get(currency);
  if (max === undefined)
    return `the ${limit.role} role may not refund in ${currency}: the owner has set no refund limit for ${currency}`;
  if (minor <= max) return undefined;
  return `the ${limit.role} role may refund at most ${toDecimal(max, currency)} ${currency} per refund (the owner's limit); this refund is ${toDecimal(minor, currency)} ${currency}`;
}
