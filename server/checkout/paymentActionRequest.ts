/** What the widget sends to act on one payment of its session (resume, abandon): ids and the session's secret. */
export interface PaymentActionRequest {
  sessionId: string;
  paymentId: string;
  clientSecret: string;
  requestId?: string | undefined;
}
