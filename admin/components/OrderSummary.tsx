import type { OrderDetail } from '../api/client';
import { orderSummaryText } from '../orderStory';

/** The order in one sentence, as an owner looks for it first (admin/orderStory.ts orderSummaryText). */
export function OrderSummary({ order }: { order: OrderDetail }) {
  return (
    <section aria-label="Summary">
      <p class="order-summary">{orderSummaryText(order)}</p>
    </section>
  );
}
