/**
 * The admin API as a script uses it (`Authorization: Bearer <admin token>`): the tests read an order's final
 * state here, where a shop owner would, rather than in the backend's database.
 */
import type { OrderDetail, OrderPage, PaymentMethod } from '../../admin/api/client';
import { waitFor } from '../../sandbox/testing/waitFor';
import type { System } from './startSystem';

export function adminApi(system: Pick<System, 'backend' | 'adminToken'>) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${system.backend.url}/admin/api${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${system.adminToken}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`admin API ${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  }

  const api = {
    order: (orderNo: string) => call<OrderDetail>('GET', `/orders/${encodeURIComponent(orderNo)}`),
    orders: (query = '') => call<OrderPage>('GET', `/orders${query ? `?${query}` : ''}`),
    payouts: () => call<{ payouts: unknown[] }>('GET', '/payouts'),
    methods: () => call<{ methods: PaymentMethod[] }>('GET', '/payment-methods'),
    putMethods: (methods: PaymentMethod[]) =>
      call<{ methods: PaymentMethod[] }>('PUT', '/payment-methods', { methods }),
    /** Polls the order until `done` holds (a notification or a reconcile pass moves it asynchronously). */
    async orderWhen(
      orderNo: string,
      done: (o: OrderDetail) => boolean,
      what: string,
      timeoutMs = 15_000,
    ): Promise<OrderDetail> {
      let last: OrderDetail | undefined;
      try {
        return await waitFor(
          async () => {
            last = await api.order(orderNo).catch(() => undefined);
            return last && done(last) ? last : undefined;
          },
          `order ${orderNo}: ${what}`,
          timeoutMs,
        );
      } catch (e) {
        throw new Error(
          `${(e as Error).message}; last seen: ${JSON.stringify(last && { status: last.status, captured: last.captured, refunded: last.refunded, attempts: last.attempts })}`,
        );
      }
    },
    /** The order once it has `status`. */
    orderIn: (orderNo: string, status: string, timeoutMs?: number) =>
      api.orderWhen(orderNo, (o) => o.status === status, `status ${status}`, timeoutMs),
    /** The newest order (the one the journey just created). */
    async newestOrderNo(): Promise<string> {
      const page = await api.orders('limit=1');
      const first = page.orders[0];
      if (!first) throw new Error('admin API: no order yet');
      return first.order_no;
    },
  };
  return api;
}
