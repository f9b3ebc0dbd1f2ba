import { vi } from 'vitest';
import { permissionsOf } from '../../shared/contract/roles';

/** One request as the stubbed backend saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: any;
}

/** JSON `body`, or a file's `text` (an export) with its `headers`. */
type Answer = { status?: number; body?: unknown; text?: string; headers?: Record<string, string> } | undefined;

/**
 * Who `/admin/api/me` says is signed in when the handler does not answer it: an owner, who sees every page and
 * control. A test about what a role may not see answers `/me` itself.
 */
const SIGNED_IN_OWNER = {
  kind: 'user',
  label: 'owner@shop.example',
  role: 'owner',
  totp_enabled: true,
  permissions: permissionsOf('owner'),
};
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
    let answer = await handler(req);
    // a handler that answers every GET with its page has not said who is signed in: an owner is
    const saysWho = (a: Answer) => (a?.status ?? 200) >= 400 || (a?.body as { permissions?: unknown })?.permissions;
    if (req.path === '/admin/api/me' && !saysWho(answer)) answer = { body: SIGNED_IN_OWNER };
    answer ??= { status: 404, body: { error: { code: 'not_found', message: 'no such route' } } };
    if (answer.text !== undefined)
      return new Response(answer.text, { status: answer.status ?? 200, headers: answer.headers });
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
    method: 'card',
    ...over,
  };
}

/** Pages through `rows` by an index cursor, as the backend pages by its own cursor. */
export function pageOf<T>(rows: readonly T[], query: URLSearchParams) {
  const start = Number(query.get('cursor') ?? 0);
  const limit = Number(query.get('limit') ?? 50);
  const end = start + limit;
  return { orders: rows.slice(start, end), next_cursor: end < rows.length ? String(end) : null, total: rows.length };
}
