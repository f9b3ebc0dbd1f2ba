/** Every call the client makes; names the audit records and the errors. */
export type GatewayOperation =
  | 'checkout'
  | 'authorise'
  | 'issuerPage'
  | 'query'
  | 'capture'
  | 'cancel'
  | 'review'
  | 'refund'
  | 'retrievalRefund'
  | 'payout';
