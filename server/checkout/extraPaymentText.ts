import type { SessionView } from '../../shared/contract/session';
import { CURRENCY_EXPONENT } from '../../shared/gateway/currencies';

type ExtraPayment = NonNullable<SessionView['extra_payment']>;

/**
 * The sentence the return page shows of a double payment (`extra_payment` of the session view), in the widget's
 * English wording (widget/i18n/enAfterPay.ts, `result.extra.*`). The page has no shopper's time zone: the refund's
 * date is in UTC, and says so.
 */
export function extraPaymentText(extra: ExtraPayment): string {
  const amount = amountText(extra.amount, extra.currency);
  switch (extra.refund) {
    case 'scheduled': {
      const date = extra.refund_at
        ? `${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(extra.refund_at))} UTC`
        : 'soon';
      return `This order was paid twice. The second payment (${amount}) will be refunded automatically on ${date}.`;
    }
    case 'pending':
      return `This order was paid twice. The second payment (${amount}) is being refunded.`;
    case 'refunded':
      return `This order was paid twice. The second payment (${amount}) has been refunded.`;
    case 'shop':
      return `This order was paid twice. The shop has been told and will refund the second payment (${amount}).`;
  }
}

/** As the widget shows it in English (`R$10.00`); the digits are the ISO 4217 exponent. */
function amountText(amount: string, currency: string): string {
  const digits = CURRENCY_EXPONENT[currency];
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount as Intl.StringNumericLiteral);
  } catch {
    return `${amount} ${currency}`;
  }
}
