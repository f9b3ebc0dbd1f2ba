import type { DoublePaymentRefundSetting } from '../../shared/contract/adminKeys';
import type { Db } from '../store';

const KEY = 'double_payment_refund';
/** the most an owner may wait before the automatic refund: a week */
export const MAX_DELAY_MINUTES = 7 * 24 * 60;
const OFF: DoublePaymentRefundSetting = { auto: false, delay_minutes: 0 };

/** The owner's choice for double payments' extra payments; off until set. */
export async function doublePaymentRefundSetting(db: Db): Promise<DoublePaymentRefundSetting> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return OFF;
  const { auto, delay_minutes } = JSON.parse(row.value) as Partial<DoublePaymentRefundSetting>;
  return { auto: auto === true, delay_minutes: Number(delay_minutes) || 0 };
}

export async function saveDoublePaymentRefundSetting(
  db: Db,
  setting: DoublePaymentRefundSetting,
  by: string,
  at: string,
): Promise<void> {
  const value = JSON.stringify({ auto: setting.auto, delay_minutes: setting.delay_minutes });
  await db
    .insertInto('shop_settings')
    .values({ key: KEY, value, updated_by: by, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_by: by, updated_at: at }))
    .execute();
}

/** When the automatic refund of an extra payment found at `foundAt` is due, or undefined when it is off. */
export function autoRefundAt(setting: DoublePaymentRefundSetting, foundAt: string): string | undefined {
  if (!setting.auto) return undefined;
  return new Date(Date.parse(foundAt) + setting.delay_minutes * 60_000).toISOString();
}
