import type { Selectable } from 'kysely';
import type { MethodField } from '../../shared/contract/session';
import type { Db } from '../store';
import type { PaymentMethodTable } from '../store';

/** A payment method with its JSON columns decoded. */
export interface PaymentMethod {
  id: string;
  kind: 'card' | 'apm';
  paymentMethod: string | null;
  labels: Record<string, string>;
  enabled: boolean;
  sortOrder: number;
  countries: string[] | null;
  currencies: string[] | null;
  minMinor: number | null;
  maxMinor: number | null;
  fields: MethodField[];
  banks: { code: string; name: string }[] | null;
  open3d: 'do3DS' | 'no3DS' | null;
}

export function decodePaymentMethod(row: Selectable<PaymentMethodTable>): PaymentMethod {
  return {
    id: row.id,
    kind: row.kind,
    paymentMethod: row.payment_method,
    labels: JSON.parse(row.labels) as Record<string, string>,
    enabled: row.enabled === 1,
    sortOrder: row.sort_order,
    countries: row.countries ? (JSON.parse(row.countries) as string[]) : null,
    currencies: row.currencies ? (JSON.parse(row.currencies) as string[]) : null,
    minMinor: row.min_minor,
    maxMinor: row.max_minor,
    fields: JSON.parse(row.fields) as MethodField[],
    banks: row.banks ? (JSON.parse(row.banks) as { code: string; name: string }[]) : null,
    open3d: row.open3d === 'do3DS' || row.open3d === 'no3DS' ? row.open3d : null,
  };
}

export async function listPaymentMethods(db: Db): Promise<PaymentMethod[]> {
  const rows = await db.selectFrom('payment_methods').selectAll().orderBy('sort_order').orderBy('id').execute();
  return rows.map(decodePaymentMethod);
}

export async function findPaymentMethod(db: Db, id: string): Promise<PaymentMethod | undefined> {
  const row = await db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decodePaymentMethod(row);
}
