/** PLACEHOLDER checkout */
export type { PaymentAnswer } from './paymentAnswer';
export { withPaymentOrderTables } from './paymentOrderTables';
export { attemptHasSavedCard, markSavedCardUsed, saveCardToken, sealLegacyCardTokens } from './savedCards';
export { LATE_PAYMENT_GRACE_MS, pastExpiry } from './sessionExpiry';
export { findSession } from './sessions';
