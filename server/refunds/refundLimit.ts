import { toDecimal } from '../../shared/gateway/money';
import type { Principal } from '../team';
import { can } from '../../shared/contract/roles';
import type { AppDeps } from '../deps';
import { supportRefundLimits } from './supportRefundLimits';
import type { Db, StoreDialect } from '../store';

/** The most `role` may refund, per currency in minor units, per order and per day; a currency not in it cannot be refunded. */
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

/** What a limited role has refunded already (refunds not failed), in minor units: of this order, and today in its currency. */
export interface RefundedUnderLimit {
  order: number;
  day: number;
}

/**
 * The sums the limit holds against, read in the refund's transaction. On PostgreSQL the currency's limit row is
 * locked first, so two refunds of the role in one currency (of different orders, whose row locks do not meet)
 * are checked one after the other and cannot both fit under the day's limit; SQLite's write lock, taken by
 * `lockOrders` first, already runs such transactions one at a time.
 */
export async function refundedUnderLimit(
  trx: Db,
  dialect: StoreDialect,
  role: string,
  order: { id: string; currency: string },
  at: string,
): Promise<RefundedUnderLimit> {
  if (dialect === 'postgres')
    await trx
      .selectFrom('support_refund_limits')
      .select('currency')
      .where('currency', '=', order.currency)
      .forUpdate()
      .execute();
  const sum = (rows: { n: unknown }[]) => Number(rows[0]?.n ?? 0);
  const base = () =>
    trx
      .selectFrom('refunds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('n'))
      .where('limited_role', '=', role)
      .where('status', '!=', 'failed');
  // the refunds of double payments' extra payments the role asked for (each the order's whole amount) count too
  const extra = () =>
    trx
      .selectFrom('payment_alerts')
      .innerJoin('orders', 'orders.id', 'payment_alerts.order_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('orders.amount_minor'), eb.lit(0)).as('n'))
      .where('payment_alerts.refund_limited_role', '=', role)
      .where('payment_alerts.refund_status', '!=', 'failed');
  // one after the other: a transaction is one connection
  const dayStart = `${at.slice(0, 10)}T00:00:00.000Z`;
  const ofOrder = sum(await base().where('order_id', '=', order.id).execute());
  const extraOfOrder = sum(await extra().where('payment_alerts.order_id', '=', order.id).execute());
  const ofDay = sum(await base().where('currency', '=', order.currency).where('created_at', '>=', dayStart).execute());
  const extraOfDay = sum(
    await extra()
      .where('orders.currency', '=', order.currency)
      .where('payment_alerts.refund_requested_at', '>=', dayStart)
      .execute(),
  );
  return { order: ofOrder + extraOfOrder, day: ofDay + extraOfDay };
}

/**
 * Why a refund of `minor` in `currency` is over the limit, naming the limit; undefined when it is within. The
 * owner's limit holds per order (every refund of the role on the order together) and per day (every refund of the
 * role in the currency since 00:00 UTC), so splitting a refund into several never gets past it.
 */
export function overRefundLimit(
  limit: RefundLimit | undefined,
  minor: number,
  currency: string,
  already: RefundedUnderLimit = { order: 0, day: 0 },
): string | undefined {
  if (!limit) return undefined;
  const max = limit.perCurrency.get(currency);
  if (max === undefined)
    return `the ${limit.role} role may not refund in ${currency}: the owner has set no refund limit for ${currency}`;
  const money = (m: number) => `${toDecimal(m, currency)} ${currency}`;
  if (already.order + minor > max)
    return `the ${limit.role} role may refund at most ${money(max)} per order (the owner's limit); ${money(already.order)} of this order was refunded by the role already, this refund is ${money(minor)}`;
  if (already.day + minor > max)
    return `the ${limit.role} role may refund at most ${money(max)} a day (the owner's limit, per order and per day); ${money(already.day)} was refunded by the role today, this refund is ${money(minor)}`;
  return undefined;
}
