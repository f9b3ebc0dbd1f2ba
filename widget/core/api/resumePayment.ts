import type { CreatePaymentResponse } from '../../../shared/contract/payment';
import { requestJson } from './requestJson';

/**
 * `POST /api/sessions/:id/payments/:paymentId/resume`: a fresh link to the card page of a payment still waiting
 * for its card (the shop page was reloaded). The backend refuses (409) anything else, e.g. an APM payment.
 */
export function resumePayment(
  apiBase: string,
  sessionId: string,
  paymentId: string,
  clientSecret: string,
): Promise<CreatePaymentResponse> {
  return requestJson<CreatePaymentResponse>(
    `${apiBase}/api/sessions/${encodeURIComponent(sessionId)}/payments/${encodeURIComponent(paymentId)}/resume`,
    {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_secret: clientSecret }),
    },
  );
}
