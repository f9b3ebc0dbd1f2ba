/**
 * Payouts to the shop's recipients: requested once per Idempotency-Key, settled by the gateway's answer,
 * notification or a later query. Routes in routes/: the admin API's payouts and recipients.
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { applyPayoutNotification } from './applyPayoutNotification';
export type { PayoutRow } from './payouts';
export { settleSendingPayouts } from './settleSendingPayouts';
