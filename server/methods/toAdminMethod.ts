import type { Insertable } from 'kysely';
import type { AdminPaymentMethod } from '../../shared/contract/admin';
import { toDecimal, toMinor } from '../../shared/gateway/money';
import type { InstallmentPlan } from './methodOptions';
import type { PaymentMethod } from './paymentMethods';
import type { PaymentMethodTable } from '../store';
import type { MethodInput } from './methodsBody';

/** A payment method as the admin API shows it. */
export type AdminMethod = AdminPaymentMethod;

export function toAdminMethod(m: PaymentMethod, plans: readonly InstallmentPlan[] = []): AdminMethod {
  const currency = m.currencies?.[0];
  // limits are stored in minor units of the method's currencies (one exponent, checked on save)
  const amount = (minor: number | null) =>
    minor === null ? undefined : currency ? toDecimal(minor, currency) : String(minor);
  const min = amount(m.minMinor);
  const max = amount(m.maxMinor);
  return {
    id: m.id,
    kind: m.kind,
    ...(m.paymentMethod ? { payment_method: m.paymentMethod } : {}),
    labels: m.labels,
    enabled: m.enabled,
    sort: m.sortOrder,
    countries: m.countries ?? [],
    currencies: m.currencies ?? [],
    ...(min !== undefined ? { min_amount: min } : {}),
    ...(max !== undefined ? { max_amount: max } : {}),
    fields: m.fields,
    ...(m.open3d ? { open3d: m.open3d } : {}),
    ...(m.banks ? { banks: m.banks } : {}),
    ...(m.kind === 'card' || plans.length ? { installments: plans.map((p) => p.count) } : {}),
    ...(plans.some((p) => p.interest_bp)
      ? {
          installment_interest: Object.fromEntries(
            plans.filter((p) => p.interest_bp).map((p) => [String(p.count), toPercent(p.interest_bp!)]),
          ),
        }
      : {}),
  };
}

/** The row to store for a validated method; an empty country or currency list means "any". */
export function toMethodRow(m: MethodInput, now: string): Insertable<PaymentMethodTable> {
  const currency = m.currencies[0];
  const minor = (amount: string | undefined) => (amount === undefined || !currency ? null : toMinor(amount, currency));
  return {
    id: m.id,
    kind: m.kind,
    payment_method: m.kind === 'apm' ? (m.payment_method ?? null) : null,
    labels: JSON.stringify(m.labels),
    enabled: m.enabled ? 1 : 0,
    sort_order: m.sort,
    countries: m.countries.length ? JSON.stringify(m.countries) : null,
    currencies: m.currencies.length ? JSON.stringify(m.currencies) : null,
    min_minor: minor(m.min_amount),
    max_minor: minor(m.max_amount),
    fields: JSON.stringify(m.fields),
    banks: m.banks ? JSON.stringify(m.banks) : null,
    open3d: m.kind === 'card' ? (m.open3d ?? null) : null,
    updated_at: now,
  };
}

/**
 * The plans to store for the counts the owner chose. A count the method already offered keeps its plan id (the
 * gateway knows it by that id); a new count gets `INST-<count>`, the demo plans' scheme.
 */
export function toInstallmentPlans(
  counts: readonly number[],
  current: readonly InstallmentPlan[],
  interest: Readonly<Record<string, string>> = {},
): InstallmentPlan[] {
  return counts.map((count) => {
    const { id } = current.find((p) => p.count === count) ?? { id: `INST-${count}` };
    const percent = interest[String(count)];
    const bp = percent === undefined ? 0 : toBasisPoints(percent);
    return { count, id, ...(bp ? { interest_bp: bp } : {}) };
  });
}

/** "1.99" -> 199, from the digits (no floats). */
function toBasisPoints(percent: string): number {
  const [whole, fraction = ''] = percent.split('.') as [string, string?];
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 199 -> "1.99". */
function toPercent(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}
