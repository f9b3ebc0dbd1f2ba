import { isAmount, toDecimal, toMinor } from '../../shared/gateway/money';
import { setCapturedAmount } from '../orders';
import { journalOrderAction } from './journalOrderAction';
import { failed } from './results';

/**
 * Capture of authorised orders, in full or in part (`amount`, at most what was authorised). What a capture took
 * is recorded on the order once the gateway accepted it: it is what can later be refunded.
 */
export const captureOrders = journalOrderAction({
  kind: 'capture',
  event: () => 'capture',
  amount({ input, order, label }) {
    if (input.amount === undefined) return { amountMinor: order.amount_minor };
    if (!isAmount(input.amount, order.currency))
      return {
        answer: failed(label, 'I0020', `amount is invalid: ${input.amount} is not an amount in ${order.currency}`),
      };
    const amountMinor = toMinor(input.amount, order.currency);
    if (amountMinor === 0) return { answer: failed(label, 'I0021') };
    if (amountMinor > order.amount_minor)
      return {
        answer: failed(
          label,
          'I0020',
          `amount is invalid: ${input.amount} is over the authorised ${toDecimal(order.amount_minor, order.currency)}`,
        ),
      };
    return { amountMinor };
  },
  recordAccepted: (trx, p) => setCapturedAmount(trx, p.target.order.id, p.amountMinor),
});
