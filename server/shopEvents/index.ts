/** PLACEHOLDER shopEvents */
export { recordOrderEvent } from './recordOrderEvent';
export { recordOrderEvents } from './recordOrderEvents';
export { recordPayoutEvent } from './recordPayoutEvent';
export { recordRefundEvent } from './recordRefundEvent';
export { startShopEventWorker } from './startShopEventWorker';
