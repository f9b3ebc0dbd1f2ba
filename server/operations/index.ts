/**
 * The owner's operations on orders at the gateway, in batches: capture, cancel, review, refund and sync. Each
 * request is journalled before the gateway is called, split into the gateway's batch sizes, and answered per
 * order. Routes in routes/: the admin API's bulk and sync calls.
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { callBatch } from './callBatch';
export { inFlightCutoff } from './inFlightCutoff';
export { OPERATION_STATUS } from './orderOperations';
export { refreshFromGateway } from './refreshFromGateway';
export { refundOrders } from './refundOrders';
export type { OrderResult } from './results';
export { runBatches } from './runBatches';
export { splitIntoBatches } from './splitIntoBatches';
