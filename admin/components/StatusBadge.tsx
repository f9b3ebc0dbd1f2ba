import type { OrderStatus } from '../../shared/gateway/status';

export const STATUS_LABEL: Record<OrderStatus, string> = {
  created: 'Created',
  pending: 'Pending',
  authorised: 'Authorised',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  declined: 'Declined',
  cancelled: 'Cancelled',
  review: 'Held for review',
  unknown: 'Unknown',
};

/** The status as words; the colour only repeats what the words say, so it is never the only signal. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span class={`badge badge-${status}`}>{STATUS_LABEL[status] ?? status}</span>;
}
