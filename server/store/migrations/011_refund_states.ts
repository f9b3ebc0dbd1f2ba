import type { Kysely, Migration } from 'kysely';

/**
 * Refunds are asynchronous at the gateway (docs/gateway-evidence.md 8): a journalled refund is `requested`, then
 * `received`, `accepted`, and finally `succeeded` or `failed`. The old `pending` (journalled, maybe sent) is
 * `requested`; a refund already `succeeded` was counted into the order's refunded amount and stays so.
 * `answered_at`: when the gateway's answer to sending it was recorded (or a request was answered with it). A
 * notification can take a refund to received or further before that, when the answer was lost: such a refund is
 * the one an owner's repeated request (without a key) must be answered with, not a second refund.
 */
export const refundStates: Migration = {
  async up(db: Kysely<any>) {
    await db.updateTable('refunds').set({ status: 'requested' }).where('status', '=', 'pending').execute();
    await db.schema.alterTable('refunds').addColumn('answered_at', 'text').execute();
    await db
      .updateTable('refunds')
      .set((eb) => ({ answered_at: eb.ref('updated_at') }))
      .where('status', '!=', 'requested')
      .execute();
  },
};
