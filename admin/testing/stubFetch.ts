import { vi } from 'vitest';

/** One request as the stubbed backend saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: any;
}

type Answer = { status?: number; body?: unknown } | undefined;
export type Handler = (req: SeenRequest) => Answer | Promise<Answer>;

/**
 * For component tests only: a stand-in for the admin API behind `fetch`, answering from `handler` (404 with
 * the error envelope when it returns nothing) and recording every request. The real API is covered by e2e.
 */
export function stubFetch(handler: Handler) {
  const seen: SeenRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://admin.test');
    const req: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(req);
    const answer = (await handler(req)) ?? {
      status: 404,
      body: { error: { code: 'not_found', message: 'no such route' } },
    };
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { seen, fetch };
}

/** An order row as the list returns it. */
export function order(n: number, over: Record<string, unknown> = {}) {
  return {
    order_no: `ORD-${String(n).padStart(4, '0')}`,
    status: 'paid',
    amount: '10.00',
    currency: 'USD',
    transaction_id: `T${n}`,
    email: `buyer${n}@example.com`,
    created_at: '2024-05-01T10:00:00Z',
    updated_at: '2024-05-01T10:00:00Z',
    captured: '10.00',
    refunded: null,
    alert: null,
    ...over,
  };
}

/** Pages through `rows` by an index cursor, as the backend pages by its own cursor. */
export function pageOf<T>(rows: readonly T[], query: URLSearchParams) {
  const start = Number(query.get('cursor') ?? 0);
  const limit = Number(query.get('limit') ?? 50);
  const end = start + limit;
  return { orders: rows.slice(start, end), next_cursor: end < rows.length ? String(end) : null };
}
