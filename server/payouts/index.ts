/** PLACEHOLDER payouts */
export { applyPayoutNotification } from './applyPayoutNotification';
export type { PayoutRow } from './payouts';
export { settleSendingPayouts } from './settleSendingPayouts';
