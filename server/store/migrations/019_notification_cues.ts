import type { Kysely, Migration } from 'kysely';

/**
 * Issue #31: a notification is a cue (docs/protocol-decisions.md 6). Every POST to the receiver from this merchant
 * account that names one of its payments is acknowledged once a cue is stored here, and the payment it names is
 * then confirmed by the backend's own query and refund search (server/notifications/processCues.ts).
 *
 * `cue_key` deduplicates: `id:<notify id>` where the notification carries one, `sha256:<hash of its fields>` where
 * it does not, so a delivery retried is one row. Rows are bounded for a hostile sender: a cue is stored only for a
 * payment the backend made (a stranger's order number stores nothing), at most a few per payment (more re-arm the
 * newest), each holding a bounded payload, and a cue done is deleted after a week. `state` is `pending` until the
 * query answered (`done`); `next_at` is when it may be acted on (the per-payment throttle, a lease while acted on,
 * a retry after the gateway did not answer).
 */
export const notificationCues: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('notification_cues')
      .addColumn('cue_key', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('attempt_id', 'text', (c) => c.notNull())
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('notify_type', 'text', (c) => c.notNull())
      .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('next_at', 'text', (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('outcome', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('done_at', 'text')
      .execute();
    await db.schema
      .createIndex('notification_cues_due')
      .on('notification_cues')
      .columns(['state', 'next_at'])
      .execute();
    await db.schema
      .createIndex('notification_cues_attempt')
      .on('notification_cues')
      .columns(['attempt_id', 'received_at'])
      .execute();
  },
};
