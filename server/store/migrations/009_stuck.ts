import type { Kysely, Migration } from 'kysely';

/**
 * `payment_attempts.abandoned_at` (issue #19): the shopper left a pending attempt (chose another method under the
 * card page, stayed on the shop page instead of going to the issuer, switched away from a pending APM). The
 * gateway cannot cancel a pending payment (docs/protocol-decisions.md 4: only the shopper gives up on it at the
 * gateway), so the attempt stays pending and watched by the reconcile loop; it only stops blocking a new attempt, as a
 * stranded one does, and a late success is caught by the double-payment alert.
 */
export const stuck: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payment_attempts').addColumn('abandoned_at', 'text').execute();
  },
};
