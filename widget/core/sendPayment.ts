import type { CreatePaymentResponse } from '../../shared/contract/payment';
import { collectDevice } from '../device/collectDevice';
import { createPayment } from './api/createPayment';
import { newIdempotencyKey } from './newIdempotencyKey';
import type { PaymentAttempt } from './startPayment';

/** How long a submit waits for a fingerprint that is still computing; after that the field goes empty. */
const FINGERPRINT_WAIT_MS = 1500;

/**
 * The device data, then the payment with a fresh Idempotency-Key (resends of this attempt reuse it; the next
 * attempt gets a new one). Lives in the lazy payment chunk (loadPaymentCode.ts): only Pay needs it.
 */
export async function sendPayment(a: PaymentAttempt): Promise<CreatePaymentResponse> {
  const device = collectDevice(a.win, await a.fingerprint.read(FINGERPRINT_WAIT_MS), new Date(), a.deviceContext);
  const bank = a.method.fields.includes('bank_code') ? { bank_code: a.bankCode.trim() } : {};
  return createPayment(
    a.apiBase,
    a.session.id,
    { client_secret: a.clientSecret, method: a.method.id, shopper: a.shopper, device, ...bank, ...a.cardChoices },
    newIdempotencyKey(),
  );
}
