import { createHash } from 'node:crypto';
import { MAX_LENGTH } from '../../shared/gateway/fields';

/**
 * The order_no the gateway sees for attempt `seq` of an order: `<order_no>-<seq>`. Every attempt needs its own
 * because the gateway refuses an order_no it has already paid within 24 h (I0061). When that would exceed the
 * gateway's 50 characters, the order_no is shortened and a hash of it keeps different orders apart.
 */
export function gatewayOrderNo(orderNo: string, seq: number): string {
  const suffix = `-${seq}`;
  const plain = orderNo + suffix;
  if (plain.length <= MAX_LENGTH.order_no) return plain;
  const hash = createHash('sha256').update(orderNo).digest('hex').slice(0, 8);
  return `${orderNo.slice(0, MAX_LENGTH.order_no - suffix.length - hash.length - 1)}.${hash}${suffix}`;
}
