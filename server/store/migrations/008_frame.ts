import type { Kysely, Migration } from 'kysely';

/**
 * The card frame is rendered by the backend from the loading page's parsed form (`frame_form`, JSON) instead of
 * relaying the gateway's HTML (`frame_html`), which is dropped with whatever shopper text it still held. An
 * attempt pending at the upgrade loses its kept page: the widget then waits for the outcome (reconcile settles it)
 * instead of reopening the card page.
 */
export const frame: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payment_attempts').addColumn('frame_form', 'text').execute();
    await db.schema.alterTable('payment_attempts').dropColumn('frame_html').execute();
  },
};
