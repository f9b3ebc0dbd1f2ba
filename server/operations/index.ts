/**
 * The owner's operations on orders at the gateway, in batches: capture, cancel, review, refund and sync. One
 * engine (runGatewayOperation) runs each batch operation from its description: each request is journalled
 * before the gateway is called, split into the gateway's batch sizes, and answered per order. Capture, cancel
 * and review are described here; refund, the richest description, in refunds/ (refundOrders). Routes in
 * routes/: the admin API's bulk and sync calls.
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { callBatch } from './callBatch';
export { inFlightCutoff } from './inFlightCutoff';
export { OPERATION_STATUS } from './orderOperations';
export { refreshFromGateway } from './refreshFromGateway';
export { BULK_ERROR, failed, succeeded } from './results';
export type { OrderResult } from './results';
export { runBatches } from './runBatches';
export { runGatewayOperation } from './runGatewayOperation';
export type { BulkTarget, GatewayOperation } from './runGatewayOperation';
export { splitIntoBatches } from './splitIntoBatches';
