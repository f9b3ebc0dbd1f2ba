/**
 * The shopper's checkout: sessions (created by the shop's server, read by the widget), payment attempts (stored
 * before the gateway is called, answered once per Idempotency-Key), the card frame, the shopper's return and saved
 * cards. Routes in routes/: sessions, payments, saved cards, the frame and the return page.
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { DEVICE_FIELDS } from './buildPaymentOrder';
export type { PaymentAnswer } from './paymentAnswer';
export { withPaymentOrderTables } from './paymentOrderTables';
export type { PaymentOrderTables } from './paymentOrderTables';
export { attemptHasSavedCard, markSavedCardUsed, saveCardToken, sealLegacyCardTokens } from './savedCards';
export { LATE_PAYMENT_GRACE_MS, pastExpiry } from './sessionExpiry';
export { findSession } from './sessions';
