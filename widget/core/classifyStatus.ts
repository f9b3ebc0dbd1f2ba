import type { OrderStatus } from '../../shared/gateway/status';
import type { Outcome } from './types';

/**
 * What a backend order status means to the shopper. `review` and `unknown` are not failures: the money may still
 * move, so the shopper is told it is being confirmed rather than invited to pay twice.
 */
const OUTCOME: Record<OrderStatus, Outcome | undefined> = {
  created: undefined,
  pending: 'pending',
  unknown: 'pending',
  review: 'pending',
  authorised: 'paid',
  paid: 'paid',
  partially_refunded: 'paid',
  refunded: 'paid',
  declined: 'failed',
  cancelled: 'failed',
};

/** The outcome of a status, or undefined when there is no payment yet (or a status this widget does not know). */
export function classifyStatus(status: string): Outcome | undefined {
  return Object.hasOwn(OUTCOME, status) ? OUTCOME[status as OrderStatus] : undefined;
}
