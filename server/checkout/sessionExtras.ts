import type { CreateSessionBody } from '../../shared/contract/session';
import type { Db } from '../store';
import { withPaymentOrderTables } from './paymentOrderTables';

/** What the shop's server said about a session beyond money, items and shopper: sources of payment order fields. */
export type SessionExtras = Pick<
  CreateSessionBody,
  | 'website'
  | 'shopper_level'
  | 'platform_source'
  | 'storefront_domains'
  | 'account_owner'
  | 'total_discount'
  | 'subscription'
  | 'price_id'
  | 'quote_id'
  | 'quote_price'
  | 'fx_rate_usd'
  | 'allow_save_card'
>;

const SESSION_EXTRA_KEYS = [
  'website',
  'shopper_level',
  'platform_source',
  'storefront_domains',
  'account_owner',
  'total_discount',
  'subscription',
  'price_id',
  'quote_id',
  'quote_price',
  'fx_rate_usd',
  'allow_save_card',
] as const satisfies readonly (keyof SessionExtras)[];

/** The extras of a session body; empty when it has none. */
export function pickSessionExtras(body: CreateSessionBody): SessionExtras {
  return Object.fromEntries(
    SESSION_EXTRA_KEYS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]),
  ) as SessionExtras;
}

export async function saveSessionExtras(db: Db, sessionId: string, extras: SessionExtras, at: string): Promise<void> {
  await withPaymentOrderTables(db)
    .insertInto('session_extras')
    .values({ session_id: sessionId, extras: JSON.stringify(extras), created_at: at })
    .execute();
}

/** The session's extras; empty for a session created without any (or before migration 004). */
export async function findSessionExtras(db: Db, sessionId: string): Promise<SessionExtras> {
  const row = await withPaymentOrderTables(db)
    .selectFrom('session_extras')
    .select('extras')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.extras) as SessionExtras) : {};
}
