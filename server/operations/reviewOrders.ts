import { journalOrderAction } from './journalOrderAction';

/**
 * The review of orders the gateway held for one (6000): each row approves (`approve: true`) or rejects. Batches of 100,
 * the gateway's limit for reviews; where an approved order lands (2000 or 3000) is asked after, by query.
 */
export const reviewOrders = journalOrderAction({
  kind: 'review',
  event: (item) => (item.approve ? 'review_approve' : 'review_reject'),
  item: (order, p) => ({ ...order, review_flag: p.event === 'review_approve' ? '1' : '0' }),
});
