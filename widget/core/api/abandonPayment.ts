import type { AbandonPaymentResponse } from '../../../shared/contract/payment';
import { requestJson } from './requestJson';

/**
 * `POST /api/sessions/:id/payments/:paymentId/abandon`: the shopper leaves a pending payment for another method;
 * the backend stops counting it as open (it still watches it at the gateway), so the next Pay is not refused.
 */
export function abandonPayment(
  apiBase: string,
  sessionId: string,
  paymentId: string,
  clientSecret: string,
): Promise<AbandonPaymentResponse> {
  return requestJson<AbandonPaymentResponse>(
    `${apiBase}/api/sessions/${encodeURIComponent(sessionId)}/payments/${encodeURIComponent(paymentId)}/abandon`,
    {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_secret: clientSecret }),
    },
  );
}
