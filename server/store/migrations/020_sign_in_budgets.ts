import type { Kysely, Migration } from 'kysely';

/**
 * Issue #32: sign-in attempts counted before the password is checked, and the support role's refund limit held
 * per order and per day.
 *
 * `sign_in_budgets`: one row per client address (`ip:<address>`) with the sign-in attempts of its current window,
 * `count` raised in one upsert BEFORE the slow password check (server/team/signInBudget.ts), so concurrent guesses
 * cannot all read a count below the limit; an attempt that turns out right gives its place back. `resets_at` is the
 * window's end (ISO time, compared as text on both stores). SQLite and PostgreSQL alike: one statement, no library.
 *
 * `refunds.limited_role`: the role whose refund limit the refund was held to (`support`), null for a role that may
 * refund any amount; the refunds of that role are summed per order and per day against the limit
 * (server/refunds/refundLimit.ts).
 */
export const signInBudgets: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sign_in_budgets')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('resets_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('refunds').addColumn('limited_role', 'text').execute();
    await db.schema
      .createIndex('refunds_limited')
      .on('refunds')
      .columns(['limited_role', 'currency', 'created_at'])
      .execute();
  },
};
