import type { CreatePaymentBody, CreatePaymentResponse } from '../../../shared/contract/payment';
import type { ApiError } from '../../../shared/contract/ApiError';
import { requestJson } from './requestJson';

/** Waits before each resend of the same attempt; the key makes a resend safe, the wait lets the first finish. */
const RESEND_DELAYS_MS = [400, 1200];

/**
 * `POST /api/sessions/:id/payments` for one payment attempt. The Idempotency-Key is the attempt's: when no
 * definite answer came back it is sent again with the same key, so the backend answers the first request's
 * result instead of paying twice.
 */
export async function createPayment(
  apiBase: string,
  sessionId: string,
  body: CreatePaymentBody,
  idempotencyKey: string,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<CreatePaymentResponse> {
  const send = () =>
    requestJson<CreatePaymentResponse>(`${apiBase}/api/sessions/${encodeURIComponent(sessionId)}/payments`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(body),
    });
  for (const delay of RESEND_DELAYS_MS) {
    try {
      return await send();
    } catch (error) {
      if (!(error as ApiError).retryable) throw error;
      await wait(delay);
    }
  }
  return send();
}
