/**
 * Chargebacks: reported by notifications and query records, applied never backwards, rechecked while open, and
 * shown to the owner. Routes in routes/: the admin API's disputes.
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { applyDispute } from './applyDispute';
export { applyRecordDisputes } from './applyRecordDisputes';
export { disputesOf, lostDisputeMinor } from './disputes';
export { notifiedDisputeState, readDispute } from './readDispute';
export { recheckOpenDisputes } from './recheckOpenDisputes';
export { toDisputeView } from './toDisputeView';
