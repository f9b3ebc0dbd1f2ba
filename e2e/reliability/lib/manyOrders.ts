/**
 * Many paid Pix orders on a backend reached by URL, made the way shoppers make them (session, payment, Approve
 * on the issuer page) without following the return, so the gateway's notifications bring them to paid; and
 * the owner's view of all of them, page by page.
 */
import { runBatches } from '../../../server/operations/runBatches';
import { admin } from '../../../testing/adminClient';
import { approveOnIssuerPage, createSession, BR_ORDER, startPayment } from '../../../testing/shopClient';
import { expect, vi } from 'vitest';

/** shoppers paying at once: the backend, the sandbox and this process share two cores */
const SHOPPERS = 8;

export async function makePaidOrders(backendUrl: string, count: number, amount = '10.00'): Promise<string[]> {
  const settled = await runBatches(
    Array.from({ length: count }, (_, i) => i),
    async () => {
      const session = await createSession(backendUrl, { amount }, BR_ORDER);
      const res = await startPayment(backendUrl, session, 'pix');
      if (res.status !== 200) throw new Error(`payment not started: ${res.status} ${JSON.stringify(res.body)}`);
      await approveOnIssuerPage(res.body.action.url as string);
      return session.order_no;
    },
    SHOPPERS,
  );
  const failure = settled.find((s) => s.status === 'rejected');
  if (failure) throw (failure as PromiseRejectedResult).reason;
  const orderNos = settled.map((s) => (s as PromiseFulfilledResult<string>).value);
  await vi.waitFor(async () => expect((await countByStatus(backendUrl)).paid, `${count} orders paid`).toBe(count), {
    timeout: 90_000,
    interval: 250,
  });
  return orderNos;
}

/** Orders per status, from the owner's statistics (every order of the store, which holds only the test's). */
export async function countByStatus(backendUrl: string): Promise<Record<string, number>> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await admin(backendUrl, `/stats?from=${day(-1)}&to=${day(1)}`);
  if (res.status !== 200) throw new Error(`admin: stats: ${res.status} ${JSON.stringify(res.body)}`);
  const counts: Record<string, number> = {};
  for (const row of res.body.days as { status: string; count: number }[])
    counts[row.status] = (counts[row.status] ?? 0) + row.count;
  return counts;
}

export interface ListedOrder {
  order_no: string;
  status: string;
  amount: string;
  refunded: string | null;
}

/** Every order, through the list's cursor pages. */
export async function listAllOrders(backendUrl: string): Promise<ListedOrder[]> {
  const all: ListedOrder[] = [];
  let cursor: string | null = null;
  do {
    const res = await admin(backendUrl, `/orders?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (res.status !== 200) throw new Error(`admin: orders: ${res.status} ${JSON.stringify(res.body)}`);
    all.push(...(res.body.orders as ListedOrder[]));
    cursor = res.body.next_cursor as string | null;
  } while (cursor);
  return all;
}
