import { sql } from 'kysely';
import type { Db } from '../store';

/** An attempt counted against a budget: whether it may go on, and when the budget's window ends. */
export interface Reserved {
  allowed: boolean;
  /** attempts in the window, this one included */
  count: number;
  /** ms until the window ends (at least 1) */
  msLeft: number;
}

/**
 * Counts one sign-in attempt for `key` (a client address) BEFORE its password is checked, in one upsert that both
 * stores run atomically (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING`): of 200 guesses sent at once, only
 * `limit` are told they may go on, whatever their interleaving. A window starts with the first attempt and lasts
 * `windowMs`; a finished one starts afresh. An attempt that proves right gives its place back (`releaseSignIn`), so
 * people signing in correctly from one office never use the budget up.
 */
export async function reserveSignIn(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<Reserved> {
  const at = now.toISOString();
  const fresh = new Date(now.getTime() + windowMs).toISOString();
  const row = await db
    .insertInto('sign_in_budgets')
    .values({ key, count: 1, resets_at: fresh })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when sign_in_budgets.resets_at <= ${at} then 1 else sign_in_budgets.count + 1 end`,
        resets_at: sql<string>`case when sign_in_budgets.resets_at <= ${at} then ${fresh} else sign_in_budgets.resets_at end`,
      }),
    )
    .returning(['count', 'resets_at'])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return { allowed: count <= limit, count, msLeft: Math.max(1, Date.parse(row.resets_at) - now.getTime()) };
}

/** Gives back the place of an attempt that proved right (never below zero). */
export async function releaseSignIn(db: Db, key: string): Promise<void> {
  await db
    .updateTable('sign_in_budgets')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}
