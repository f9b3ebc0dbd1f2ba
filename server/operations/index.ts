/** PLACEHOLDER operations */
export { callBatch } from './callBatch';
export { inFlightCutoff } from './inFlightCutoff';
export { OPERATION_STATUS } from './orderOperations';
export { refreshFromGateway } from './refreshFromGateway';
export { refundOrders } from './refundOrders';
export type { OrderResult } from './results';
export { runBatches } from './runBatches';
export { splitIntoBatches } from './splitIntoBatches';
