/**
 * The gateway's side of an order, read from the sandbox's own routes: every transaction of every payment
 * attempt the backend knows (attempt n goes out as `<order_no>-<n>`, and an attempt the gateway never received
 * has none), so "paid exactly once" is counted where the money is.
 */
import { transactionsOf, type TransactionView } from '../../../sandbox/testing/flows';
import { successful } from '../../../testing/sandboxApi';
import { orderOf } from '../../../testing/adminClient';

async function gatewayTransactionsOfOrder(
  backendUrl: string,
  sandboxUrl: string,
  orderNo: string,
): Promise<TransactionView[]> {
  const { attempts } = await orderOf(backendUrl, orderNo);
  const all: TransactionView[] = [];
  for (const a of attempts) all.push(...(await transactionsOf(sandboxUrl, a.gateway_order_no)));
  return all;
}

/** How many transactions of the order took (or hold) money at the gateway: 1 for a paid order, never 2. */
export async function paymentsTaken(backendUrl: string, sandboxUrl: string, orderNo: string): Promise<number> {
  return successful(await gatewayTransactionsOfOrder(backendUrl, sandboxUrl, orderNo)).length;
}
