import type { CreatePaymentBody, CreatePaymentResponse, ShopperDetails } from '../../shared/contract/payment';
import type { PaymentMethodView, SessionView } from '../../shared/contract/session';
import type { DeviceContext } from '../device/collectDevice';
import type { FingerprintSource } from '../device/fingerprint';
import { loadPaymentCode } from './loadPaymentCode';
import type { CheckoutOptions } from './types';

export interface PaymentAttempt {
  apiBase: string;
  session: SessionView;
  clientSecret: string;
  method: PaymentMethodView;
  shopper: ShopperDetails;
  bankCode: string;
  /** installments, a saved card or "save my card" */
  cardChoices: Pick<CreatePaymentBody, 'installments' | 'saved_card' | 'save_card'>;
  /** the card frame's room and the shop's screening cookie */
  deviceContext: DeviceContext;
  win: Window;
  fingerprint: FingerprintSource;
  onSubmit: CheckoutOptions['onSubmit'];
}

/**
 * One payment attempt: the shop's onSubmit veto, then the device data and the payment (sendPayment.ts, in the
 * lazy payment chunk). Undefined when onSubmit said no.
 */
export async function startPayment(a: PaymentAttempt): Promise<CreatePaymentResponse | undefined> {
  if ((await a.onSubmit?.({ method: a.method.id, shopper: a.shopper })) === false) return undefined;
  const { sendPayment } = await loadPaymentCode();
  return sendPayment(a);
}
