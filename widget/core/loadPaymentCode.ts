import { ApiError } from '../../shared/contract/ApiError';

type PaymentCode = typeof import('./sendPayment');

let loading: Promise<PaymentCode> | undefined;

/**
 * The code only Pay needs (device data, the payment call and its resends), a lazy chunk of its own so that the
 * first render does not carry it. The widget fetches it once the form is shown (mountInstance's `ready`), so it is
 * there by the time the shopper pays. A chunk that could not load is asked for again on the next call, and the
 * failure reads as a network error: the shopper sees "check your connection" and can press Pay again.
 */
export function loadPaymentCode(): Promise<PaymentCode> {
  loading ??= import('./sendPayment').catch((cause: unknown) => {
    loading = undefined;
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : 'the payment code did not load');
  });
  return loading;
}
