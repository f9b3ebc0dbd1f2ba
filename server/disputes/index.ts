/** PLACEHOLDER disputes */
export { applyDispute } from './applyDispute';
export { applyRecordDisputes } from './applyRecordDisputes';
export { disputesOf, lostDisputeMinor } from './disputes';
export { notifiedDisputeState, readDispute } from './readDispute';
export { recheckOpenDisputes } from './recheckOpenDisputes';
export { toDisputeView } from './toDisputeView';
