import type { CreatePaymentBody, CreatePaymentResponse, ShopperDetails } from '../../shared/contract/payment';
import type { PaymentMethodView, SessionView } from '../../shared/contract/session';
import type { BodyValueKey } from '../../shared/paymentMethods/shopperFields';
import { collectDevice, type DeviceContext } from '../device/collectDevice';
import type { FingerprintSource } from '../device/fingerprint';
import { createPayment } from './api/createPayment';
import { newIdempotencyKey } from './newIdempotencyKey';
import type { CheckoutOptions } from './types';

/** How long a submit waits for a fingerprint that is still computing; after that the field goes empty. */
const FINGERPRINT_WAIT_MS = 1500;

export interface PaymentAttempt {
  apiBase: string;
  session: SessionView;
  clientSecret: string;
  method: PaymentMethodView;
  shopper: ShopperDetails;
  /** the method's fields beside the shopper (bank_code) */
  fields: Pick<CreatePaymentBody, BodyValueKey>;
  /** installments, a saved card or "save my card" */
  cardChoices: Pick<CreatePaymentBody, 'installments' | 'saved_card' | 'save_card'>;
  /** the card frame's room and the shop's screening cookie */
  deviceContext: DeviceContext;
  win: Window;
  fingerprint: FingerprintSource;
  onSubmit: CheckoutOptions['onSubmit'];
}

/**
 * One payment attempt: the shop's onSubmit veto, the device data, then the payment with a fresh Idempotency-Key
 * (resends of this attempt reuse it; the next attempt gets a new one). Undefined when onSubmit said no.
 */
export async function startPayment(a: PaymentAttempt): Promise<CreatePaymentResponse | undefined> {
  if ((await a.onSubmit?.({ method: a.method.id, shopper: a.shopper })) === false) return undefined;
  const device = collectDevice(a.win, await a.fingerprint.read(FINGERPRINT_WAIT_MS), new Date(), a.deviceContext);
  return createPayment(
    a.apiBase,
    a.session.id,
    { client_secret: a.clientSecret, method: a.method.id, shopper: a.shopper, device, ...a.fields, ...a.cardChoices },
    newIdempotencyKey(),
  );
}
