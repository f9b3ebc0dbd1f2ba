import { MAX_LENGTH } from '../../shared/gateway/fields';

/**
 * The order_no the gateway sees for attempt `seq` of an order: `<order_no>-<seq>`. Every attempt needs its own
 * because the gateway refuses an order_no it has already paid within 24 h (I0061). When that would exceed the
 * gateway's 50 characters, the order_no is shortened to `<prefix>.<order id>-<seq>`: the order's id is unique in
 * the store and holds no ".", so two shortened numbers are equal only for the same order and attempt. A short
 * hash of the order_no used to stand there instead, and two long numbers sharing a prefix could share it too.
 * (A shop number crafted to spell another order's shortened form is refused by the unique key on
 * gateway_order_no, as a 409.)
 */
export function gatewayOrderNo(orderNo: string, seq: number, orderId: string): string {
  const suffix = `-${seq}`;
  const plain = orderNo + suffix;
  if (plain.length <= MAX_LENGTH.order_no) return plain;
  const unique = `.${orderId.replace(/^ord_/, '')}${suffix}`;
  return orderNo.slice(0, Math.max(0, MAX_LENGTH.order_no - unique.length)) + unique;
}
