import type { Kysely, Migration } from 'kysely';

/**
 * Refunds are asynchronous at the gateway (GATEWAY-DOCS.md 8): a journalled refund is `requested`, then
 * `received`, `accepted`, and finally `succeeded` or `failed`. The old `pending` (journalled, maybe sent) is
 * `requested`; a refund already `succeeded` was counted into the order's refunded amount and stays so.
 */
export const refundStates: Migration = {
  async up(db: Kysely<any>) {
    await db.updateTable('refunds').set({ status: 'requested' }).where('status', '=', 'pending').execute();
  },
};
