/**
 * Signed order events for the shop's own server: written in the transaction that changes the order (an outbox),
 * delivered to the registered endpoints with retries, and readable by pull. Routes in routes/: the shop server's
 * event reads and the admin API's endpoints.
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { recordOrderEvent } from './recordOrderEvent';
export { recordOrderEvents } from './recordOrderEvents';
export { recordPayoutEvent } from './recordPayoutEvent';
export { recordRefundEvent } from './recordRefundEvent';
export { startShopEventWorker } from './startShopEventWorker';
