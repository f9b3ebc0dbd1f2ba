import type { Kysely, Migration } from 'kysely';

/**
 * Issue #32: the refund of a double payment's extra payment counts against the support role's refund limit per
 * order and per day, as the order's own refunds do (`refunds.limited_role`). `refund_limited_role`: the limited
 * role that asked for it (NULL: a role without a limit, or the automatic refund); `refund_requested_at`: when it
 * was journalled, for the day it counts in.
 */
export const alertRefundLimit: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payment_alerts').addColumn('refund_limited_role', 'text').execute();
    await db.schema.alterTable('payment_alerts').addColumn('refund_requested_at', 'text').execute();
  },
};
